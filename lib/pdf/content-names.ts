/**
 * The resource names a content stream uses: every `/Name` token outside strings, comments and
 * inline-image data. Keeping exactly these entries of a resources dictionary is what lets the
 * preview drop what other pages share through the page tree. Collecting every name (not only the
 * operands of Do, Tf, gs, …) can keep an entry a page does not draw, never drop one it does.
 */
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isWhitespace = (byte: number | undefined) => byte !== undefined && WHITESPACE.has(byte);
const isRegular = (byte: number | undefined) => byte !== undefined && !isWhitespace(byte) && !DELIMITERS.has(byte);

export function contentNames(bytes: Uint8Array): Set<string> {
  const names = new Set<string>();
  const length = bytes.length;
  let i = 0;
  while (i < length) {
    const byte = bytes[i];
    if (isWhitespace(byte)) {
      i++;
    } else if (byte === 0x25) {
      while (i < length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (byte === 0x28) {
      i = skipLiteralString(bytes, i);
    } else if (byte === 0x3c) {
      if (bytes[i + 1] === 0x3c) i += 2;
      else {
        while (i < length && bytes[i] !== 0x3e) i++;
        i++;
      }
    } else if (byte === 0x2f) {
      const start = ++i;
      while (i < length && isRegular(bytes[i])) i++;
      names.add(decodeName(bytes.subarray(start, i)));
    } else if (!isRegular(byte)) {
      i++;
    } else {
      const start = i;
      while (i < length && isRegular(bytes[i])) i++;
      if (i - start === 2 && bytes[start] === 0x49 && bytes[start + 1] === 0x44) i = skipInlineImageData(bytes, i);
    }
  }
  return names;
}

function skipLiteralString(bytes: Uint8Array, open: number): number {
  let depth = 0;
  let i = open;
  while (i < bytes.length) {
    const byte = bytes[i];
    if (byte === 0x5c) i += 2;
    else {
      if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return i + 1;
      i++;
    }
  }
  return i;
}

/** After an inline image's `ID`: binary data up to `EI` standing alone as a token. */
function skipInlineImageData(bytes: Uint8Array, afterId: number): number {
  for (let i = afterId + 1; i + 1 < bytes.length; i++) {
    if (bytes[i] === 0x45 && bytes[i + 1] === 0x49 && isWhitespace(bytes[i - 1]) && (i + 2 >= bytes.length || !isRegular(bytes[i + 2]))) {
      return i + 2;
    }
  }
  return bytes.length;
}

function decodeName(raw: Uint8Array): string {
  const text = Buffer.from(raw).toString("latin1");
  return text.includes("#") ? text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}
