// A pack directory archived in the test itself, as a GM would with
// `tar czf pack.tar.gz mypack`: a POSIX ustar archive of plain files under
// one folder, gzip-compressed by Node's own zlib (no dependency).
import { gzipSync } from "node:zlib";

/** Writes `text` into `block` at `offset`, at most `size` bytes. */
function put(block, offset, size, text) {
  const bytes = Buffer.from(text, "utf8");
  bytes.copy(block, offset, 0, Math.min(size, bytes.length));
}

/** A 512-byte ustar header for `name` of `size` bytes (`type` "0" a file,
 * "5" a folder). */
function header(name, size, type) {
  const block = Buffer.alloc(512);
  put(block, 0, 100, name);
  put(block, 100, 8, type === "5" ? "0000755\0" : "0000644\0");
  put(block, 108, 8, "0000000\0");
  put(block, 116, 8, "0000000\0");
  put(block, 124, 12, size.toString(8).padStart(11, "0") + "\0");
  put(block, 136, 12, "00000000000\0");
  put(block, 148, 8, "        ");
  put(block, 156, 1, type);
  put(block, 257, 6, "ustar\0");
  put(block, 263, 2, "00");
  let sum = 0;
  for (const b of block) sum += b;
  put(block, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return block;
}

/** The .tar.gz of the folder `dir` holding `files` ({name, text}). */
export function tarGz(dir, files) {
  const parts = [header(`${dir}/`, 0, "5")];
  for (const { name, text } of files) {
    const data = Buffer.from(text, "utf8");
    parts.push(header(`${dir}/${name}`, data.length, "0"), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}
