// Node options of the server process. Parsing floods allocates fast and briefly (chunks, parse
// state): a larger young generation lets that garbage die young instead of being promoted and
// collected again in the old one. With 40 panes printing 200 KB/s each, the time spent in the
// garbage collector fell from 21% to 14% of the server's CPU (a server at rest is no bigger).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
