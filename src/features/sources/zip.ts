import { inflateRawSync } from "node:zlib";
import { SourceFailure } from "./failure";

/**
 * A bounded zip reader for DOCX and PPTX (both are zips). mammoth inflates the archive itself,
 * without a ceiling, so a zip bomb must be stopped before it is handed over: the central
 * directory's declared sizes are summed and refused past the limit, and every entry is inflated
 * here with zlib's `maxOutputLength`, so an entry that lies about its size cannot grow past it
 * either. What mammoth then inflates is exactly what was inflated here.
 *
 * Linear in the archive: entries may not share bytes (an "overlapping" zip names the same
 * compressed data thousands of times, so inflating it costs far more than its size), so all the
 * inflating together reads each byte of the file at most once.
 *
 * Not a zip at all: `source:type-mismatch`; a zip that is unsafe to open: `source:unsafe-archive`.
 */

export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; offset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

const notAZip = (detail: string) =>
  new SourceFailure("source:type-mismatch", undefined, `not a zip archive (${detail})`);
const unsafe = (detail: string) => new SourceFailure("source:unsafe-archive", undefined, detail);

/** The central directory's entries, as declared (nothing inflated). */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL) throw notAZip("no local header");
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notAZip("no end of central directory");
  const count = bytes.readUInt16LE(eocd + 10);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  // Zip64 (0xFFFF entries, 0xFFFFFFFF offsets) is never needed by an office document under our size limit.
  if (count === 0xffff || cdOffset === 0xffffffff) throw unsafe("zip64");
  if (count > MAX_ENTRIES) throw unsafe("too many entries");
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw notAZip("bad central directory");
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where each entry's compressed data lies; refused when two entries share bytes or one runs past the file. */
function dataRanges(bytes: Buffer, entries: ZipEntry[]): Map<ZipEntry, { start: number; end: number }> {
  const ranges = new Map<ZipEntry, { start: number; end: number }>();
  for (const entry of entries) {
    const at = entry.offset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw notAZip("bad local header");
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > bytes.length) throw notAZip("entry runs past the end");
    ranges.set(entry, { start, end });
  }
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < byOffset.length; i++)
    if (byOffset[i].offset < ranges.get(byOffset[i - 1])!.end) throw unsafe("entries overlap");
  return ranges;
}

/**
 * The entries `keep` selects (all by default), inflated: a map of name → bytes. Every entry is
 * inflated, kept or not, so the whole archive is checked: the total bounded by `maxInflated`
 * (declared first, then actual), and each entry's inflated size must be the size it declared.
 */
export function readZip(
  bytes: Buffer,
  maxInflated: number,
  keep: (name: string) => boolean = () => true,
): Map<string, Buffer> {
  const entries = zipEntries(bytes);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > maxInflated) throw unsafe("declared size over the limit");
  const ranges = dataRanges(bytes, entries);
  const files = new Map<string, Buffer>();
  let total = 0;
  for (const entry of entries) {
    if (entry.name.endsWith("/")) continue;
    const { start, end } = ranges.get(entry)!;
    const data = bytes.subarray(start, end);
    let content: Buffer;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) {
      try {
        // One byte over its declared size, or over what is left of the whole: reaching it means
        // the entry lied about its size or grew past the allowance.
        content = inflateRawSync(data, { maxOutputLength: Math.min(entry.size, maxInflated - total) + 1 });
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw unsafe("inflates past the limit");
        throw notAZip("bad compressed data");
      }
    } else throw unsafe(`compression method ${entry.method}`);
    if (content.length !== entry.size) throw unsafe("entry size differs from its declaration");
    total += content.length;
    if (total > maxInflated) throw unsafe("inflates past the limit");
    if (keep(entry.name)) files.set(entry.name, entry.method === 0 ? Buffer.from(content) : content);
  }
  return files;
}
