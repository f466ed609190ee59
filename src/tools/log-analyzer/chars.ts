// Character classes of UTF-16 code units as bit flags, one table load per test. The per-character tests of the
// tokenizer and the timestamp readers used to be small functions of range comparisons (isDigit, isAlnum,
// isHexLetter...); V8 inlined a copy of each into every hot caller (up to 60 in one function), and compiling those
// copies was a large part of a process's first call. A table test compiles to a load and a mask.

export const DIGIT = 1;
/** a-f and A-F. */
const HEX_LETTER = 2;
/** A-Z and a-z. */
const LETTER = 4;
/** The mask characters of skeletons (U+E001 to U+E00B, see tokens.ts). */
export const MASK_CHAR = 8;
/** Opening wrappers: ( [ { < " ' ` */
export const OPEN_WRAP = 16;
/** Closing wrappers and trailing punctuation: ) ] } > " ' ` , ; : . ! ? */
export const CLOSE_WRAP = 32;
/** Characters that make a token worth masking: digits . / = " ' ` \ @ */
export const NEEDS_WORK = 64;
/** Token separators: space, tab, vertical tab, form feed. */
export const SPACE = 128;

export const HEX_DIGIT = DIGIT | HEX_LETTER;
export const ALNUM = DIGIT | LETTER;

/**
 * The flags of every code unit (65,536 entries, so a code from charCodeAt needs no bounds test). Readers that
 * answer -1 past the end of a string index with `c & 0xffff`: U+FFFF is a noncharacter with no flag.
 */
export const CHAR_CLASS = new Uint8Array(65536);

function mark(codes: string, flag: number): void {
  for (let i = 0; i < codes.length; i++) CHAR_CLASS[codes.charCodeAt(i)]! |= flag;
}
for (let c = 48; c <= 57; c++) CHAR_CLASS[c]! |= DIGIT | NEEDS_WORK;
for (let c = 65; c <= 90; c++) CHAR_CLASS[c]! |= LETTER;
for (let c = 97; c <= 122; c++) CHAR_CLASS[c]! |= LETTER;
mark('abcdefABCDEF', HEX_LETTER);
for (let c = 0xe001; c <= 0xe00b; c++) CHAR_CLASS[c]! |= MASK_CHAR;
mark('([{<"\'`', OPEN_WRAP);
mark(')]}>"\'`,;:.!?', CLOSE_WRAP);
mark('./="\'`\\@', NEEDS_WORK);
mark(' \t\v\f', SPACE);
