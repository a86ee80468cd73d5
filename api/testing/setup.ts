import { afterAll } from "vitest";
import { closeOpenApis } from "./harness.ts";

// A test file that forgets `close()` must not leave pools open or databases behind on the shared server.
afterAll(closeOpenApis);
