import type { RequestHandler } from "express";

/**
 * Express middleware that lets the requests behind it run one per turn of the event loop, in arrival order.
 *
 * Why: Node accepts one new connection per turn of its event loop, and a turn runs every request read in it to
 * its end (the storefront's loaders, in-process API calls and React's render are all synchronous or microtask
 * work). Under saturation a turn therefore held every waiting render (50 connections × 6 ms), and a shopper's
 * new connection waited for one turn per connection ahead of it in the accept queue: seconds, while requests on
 * older connections were served in a few hundred milliseconds. Taking turns keeps each loop turn to one request,
 * so connections are accepted and requests read between renders, and the queue they wait in is first come,
 * first served. A request whose client has gone by its turn is dropped without being worked on.
 */
export function takeTurns(): RequestHandler {
  const waiting: (() => void)[] = [];
  let running = false;
  const runNext = () => {
    const next = waiting.shift();
    if (!next) {
      running = false;
      return;
    }
    next();
    // The next request waits for the following turn: setImmediate callbacks queued while immediates run go there.
    setImmediate(runNext);
  };
  return (req, _res, next) => {
    waiting.push(() => {
      if (!req.socket.destroyed) next();
    });
    if (!running) {
      running = true;
      setImmediate(runNext);
    }
  };
}
