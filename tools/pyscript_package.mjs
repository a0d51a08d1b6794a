// PyScript's own Python package as the vendored PyScript writes it into the engine's worker at
// every start: the npm package's build artifact that its bundle embeds (its stdlib.js walks the
// same tree). For tools/compile_pyscript.mjs and tests/test_pyscript_bytecode.py.

/** Every file of the package, by its path relative to Python's working directory. */
export async function pyscriptSources() {
  const { default: tree } = await import(new URL('../node_modules/@pyscript/core/src/stdlib/pyscript.js', import.meta.url));
  const files = (node, base) => Object.entries(node).flatMap(([name, value]) => (typeof value === 'string'
    ? [[`${base}${name}`, value]] : files(value, `${base}${name}/`)));
  return Object.fromEntries(files(tree, ''));
}
