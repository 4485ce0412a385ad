/**
 * Bytes as text for inside an HTML file, 5 characters per 4 bytes (base64 takes 5.33): the offline report's
 * data is ~1 MB of gzip, so this saves ~65 KB. The alphabet is printable ASCII without `"`, `&`, `'`, `<`,
 * `>` and `\`: the text needs no escaping in JSON, in an attribute or in a script element.
 */
const ALPHABET = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i))
  .filter((c) => !`"&'<>\\`.includes(c))
  .slice(0, 85)
  .join('');

const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

/** Characters turned into a string at a time (String.fromCharCode's argument list stays small). */
const CHUNK = 8192;

/** Writes the 5 digits of the 32-bit group `n` (most significant first) at `out[o]`. */
function putGroup(out: Uint8Array, o: number, n: number): void {
  // n < 2³²: the quotient of a double division by 85 truncated is exact (the remainder's 84/85 at most is
  // far from the next whole number); from the second digit on n < 2³¹, integer operations.
  let q = Math.floor(n / 85);
  out[o + 4] = CODES[n - q * 85]!;
  n = q;
  q = (n / 85) | 0;
  out[o + 3] = CODES[n - q * 85]!;
  n = q;
  q = (n / 85) | 0;
  out[o + 2] = CODES[n - q * 85]!;
  n = q;
  q = (n / 85) | 0;
  out[o + 1] = CODES[n - q * 85]!;
  out[o] = CODES[q]!;
}

/**
 * The encoding as ASCII character codes, 5 per 4 bytes; the last group padded with zero bytes. A server
 * makes them a string in one step (Node's latin1 decoding); `encodeBase85` does it portably. Whole groups
 * in one loop without bounds checks, digits by integer arithmetic: ~10 ms for the 4 MB log's 0.8 MB.
 */
export function encodeBase85Codes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const full = bytes.length >>> 2;
  const groups = Math.ceil(bytes.length / 4);
  const out = new Uint8Array(groups * 5);
  for (let g = 0, i = 0; g < full; g++, i += 4) {
    putGroup(out, g * 5, ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0);
  }
  if (groups > full) {
    const last = new Uint8Array(4);
    last.set(bytes.subarray(full * 4));
    putGroup(out, full * 5, ((last[0]! << 24) | (last[1]! << 16) | (last[2]! << 8) | last[3]!) >>> 0);
  }
  return out;
}

/** Encode; the last group is padded with zero bytes (decode with the byte length to drop them). */
export function encodeBase85(bytes: Uint8Array): string {
  const codes = encodeBase85Codes(bytes);
  let text = '';
  for (let i = 0; i < codes.length; i += CHUNK) text += String.fromCharCode.apply(null, codes.subarray(i, i + CHUNK) as unknown as number[]);
  return text;
}

/** The error for a group at `p` holding a character outside the alphabet: where the first one is. */
function badCharacter(text: string, p: number): RangeError {
  let at = p;
  while ((VALUE[text.charCodeAt(at)] ?? -1) >= 0) at++;
  return new RangeError(`base85: bad character at ${at}`);
}

/**
 * Decode `length` bytes; throws RangeError on a character outside the alphabet or a short text. Runs in the
 * offline page before its first chart (~1 MB of text for the 4 MB log): a group's five characters are
 * looked up and checked together.
 */
export function decodeBase85(text: string, length: number): Uint8Array<ArrayBuffer> {
  const groups = Math.ceil(length / 4);
  if (text.length < groups * 5) throw new RangeError('base85: text too short');
  const out = new Uint8Array(groups * 4);
  for (let g = 0, p = 0, o = 0; g < groups; g++, p += 5, o += 4) {
    const c0 = text.charCodeAt(p);
    const c1 = text.charCodeAt(p + 1);
    const c2 = text.charCodeAt(p + 2);
    const c3 = text.charCodeAt(p + 3);
    const c4 = text.charCodeAt(p + 4);
    if ((c0 | c1 | c2 | c3 | c4) > 127) throw badCharacter(text, p);
    const d0 = VALUE[c0]!;
    const d1 = VALUE[c1]!;
    const d2 = VALUE[c2]!;
    const d3 = VALUE[c3]!;
    const d4 = VALUE[c4]!;
    if ((d0 | d1 | d2 | d3 | d4) < 0) throw badCharacter(text, p);
    const n = (((d0 * 85 + d1) * 85 + d2) * 85 + d3) * 85 + d4;
    if (n > 0xffffffff) throw new RangeError(`base85: group ${g} out of range`);
    out[o] = n >>> 24;
    out[o + 1] = (n >>> 16) & 0xff;
    out[o + 2] = (n >>> 8) & 0xff;
    out[o + 3] = n & 0xff;
  }
  return out.subarray(0, length) as Uint8Array<ArrayBuffer>;
}
