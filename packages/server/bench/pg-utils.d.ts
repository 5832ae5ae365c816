// pg's own conversion of a JS value to the text it sends as a parameter (pg/lib/utils.js), which
// @types/pg does not declare: bench:capacity --plans writes the same values as literals.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
