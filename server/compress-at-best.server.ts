import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";

/** The encodings a body compressed once is kept in, the smallest first. */
export const BEST_ENCODINGS = ["br", "gzip"] as const;
export type BestEncoding = (typeof BEST_ENCODINGS)[number];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A body compressed once, at the highest settings, in Node's thread pool (brotli 11 takes about 80 ms for 100 KB,
 * too long per request but worth it for bytes sent many times): the build's files and the kept pages.
 */
export const compressAtBest: Record<BestEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipAsync(body, { level: zlib.Z_BEST_COMPRESSION }),
};
