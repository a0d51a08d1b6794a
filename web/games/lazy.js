// A game's module loaded by the game's name, from a table that writes out every import: the
// build bundles the site's modules (tools/bundle.mjs), and a bundler can follow only an import
// whose module it can name, never a path made from the name at run time.

/** `(game) => Promise<module>` over `table` ({game: () => import(...)}); a name that is not
 * the table's own key is refused with a sentence saying so. */
export function byGame(table, what) {
  return (game) => (Object.hasOwn(table, game)
    ? table[game]()
    : Promise.reject(new Error(`There is no ${what} for a game called "${String(game).slice(0, 40)}".`)));
}
