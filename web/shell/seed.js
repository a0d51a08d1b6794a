// A fresh game seed from the browser's CSPRNG. 53 bits: exact in a JS number and in JSON,
// and well inside the engine's 0..2^64-1. The seed is stored with the game, so any game
// replays exactly from it and its move log.
export function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1];
}
