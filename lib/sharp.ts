import sharp from "sharp";

// Every image a process here makes with sharp is new (a reader's mark on one page, one logo, one
// page's bitmap in a PDF worker), so libvips's operation cache (50 MB and 100 operations by
// default) never serves a hit: it only keeps decoded pixels alive. In the web process those were
// the first thing its memory grew by under readers of a watermarked link.
sharp.cache(false);
// One libvips thread per image: the web process's other work needs the cores, and each extra thread
// is another glibc malloc arena holding its high-water mark. sharp already picks 1 on glibc without
// jemalloc, but picks every core once MALLOC_ARENA_MAX is set (scripts/start.ts sets it).
sharp.concurrency(1);

/** sharp, set up once for the process: no operation cache, one libvips thread per image. */
export { sharp };
