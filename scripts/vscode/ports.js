// Free TCP ports on 127.0.0.1.
'use strict';
const net = require('net');

function tryPort(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const got = srv.address().port;
      srv.close(() => resolve(got));
    });
  });
}

/** A free port: `preferred` or the next free one after it, or any free port when none is given. */
async function freePort(preferred = 0) {
  if (!preferred) return tryPort(0);
  for (let p = preferred; p < preferred + 50; p++) {
    if (await tryPort(p)) return p;
  }
  return tryPort(0);
}

module.exports = { freePort };
