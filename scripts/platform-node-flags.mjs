// The V8 settings the platform process runs with, shared by `npm start` and `npm run bench` so the
// figures measure the process that runs in production.
//
// A larger young generation (64 MB semi-spaces instead of 16 MB): a group commit holds tens of
// thousands of points for about a second, longer than the default young generation lasts under a
// flood of uploads, so they were promoted and collected by full collections. In a CPU profile of the
// PostgreSQL ingest flood, garbage collection fell from 23 s to 14 s of the platform's time.
export const PLATFORM_NODE_FLAGS = ['--max-semi-space-size=64'];
