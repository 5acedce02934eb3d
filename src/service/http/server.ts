/** The HTTP server: both interfaces on one origin, every request answered, none able to crash the process. */
import { createServer, type Server } from 'http';
import type { ServiceContext } from '../context';
import { handleCurrent } from '../routes/current/router';
import { handleFile, handleImage, handleLegacy, isLegacyPath } from '../routes/legacy/router';
import { FILES_HANDLER_PATH, IMAGES_HANDLER_PATH } from '../../wire';
import { ProblemError } from './problem';
import { sendProblem } from './respond';
import type { RequestActivity } from './request-activity';

/** `activity`, when given, is told of every request (background work waits while requests are served). */
export function createServiceServer(ctx: ServiceContext, activity?: RequestActivity): Server {
  const server = createServer((req, res) => {
    activity?.track(res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://service.invalid');
    } catch {
      sendProblem(res, new ProblemError(400, 'The request target is not a valid URL.'));
      return;
    }
    const path = url.pathname.toLowerCase();
    let handled: Promise<void>;
    // What needs the chemistry waits for it (ServiceContext.chemistryReady): the current interface per operation (its
    // router), the older interface where it draws or reads a structure (handlers.ts, search/structure.ts), and images.
    if (path.startsWith('/compounds/')) handled = handleCurrent(ctx, req, res, url);
    else if (isLegacyPath(url.pathname)) handled = handleLegacy(ctx, req, res, url);
    else if (path === IMAGES_HANDLER_PATH.toLowerCase()) handled = ctx.chemistryReady().then(() => handleImage(ctx, req, res, url));
    else if (path === FILES_HANDLER_PATH.toLowerCase()) handled = handleFile(ctx, req, res, url);
    else {
      sendProblem(res, new ProblemError(404, `No endpoint at ${url.pathname}.`));
      return;
    }
    handled.catch((err: unknown) => {
      ctx.log(`unhandled: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (!res.headersSent) sendProblem(res, new ProblemError(500, 'The server met an error it did not expect.'));
      else res.destroy();
    });
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  return server;
}
