// Signs the UI draws that are not words (no catalog has them: they read the same in every
// language), and the product's name, which stays as it is everywhere. Kept out of the JSX as
// constants so the lint that finds words written into JSX (eslint.config.js) need not except them.
export const GLYPH = { menu: '☰', search: '⌕', up: '▲', down: '▼', sortable: '↕', dot: '·' } as const;
export const PRODUCT = 'palpanel';
