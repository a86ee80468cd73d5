import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { takeTurns } from "./request-turns.server.ts";

const request = (destroyed = false) => ({ socket: { destroyed } }) as Request;
const response = {} as Response;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("takeTurns", () => {
  it("runs the waiting requests in arrival order, one per turn of the event loop, so other work runs between them", async () => {
    const turns = takeTurns();
    const log: string[] = [];
    for (const name of ["a", "b", "c"]) {
      turns(request(), response, () => {
        log.push(name);
        // Work the request queues for the loop (a socket write, a timer, a read) comes before the next request.
        setImmediate(() => log.push(`after ${name}`));
      });
    }
    expect(log).toEqual([]);
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(log).toEqual(["a", "after a", "b", "after b", "c", "after c"]);
  });

  it("drops a request whose connection closed while it waited, and goes on with the next", async () => {
    const turns = takeTurns();
    const ran: string[] = [];
    turns(request(true), response, () => ran.push("gone"));
    turns(request(), response, () => ran.push("here"));
    for (let turn = 0; turn < 3; turn++) await nextTurn();
    expect(ran).toEqual(["here"]);
  });

  it("starts again for a request that arrives after the queue ran empty", async () => {
    const turns = takeTurns();
    const ran: string[] = [];
    turns(request(), response, () => ran.push("first"));
    for (let turn = 0; turn < 3; turn++) await nextTurn();
    turns(request(), response, () => ran.push("later"));
    for (let turn = 0; turn < 3; turn++) await nextTurn();
    expect(ran).toEqual(["first", "later"]);
  });
});
