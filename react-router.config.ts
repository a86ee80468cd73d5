import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // The whole route manifest is one immutable script (2.4 KB compressed) fetched with the first page, instead of a
  // `/__manifest` request after each client navigation for the links it rendered.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
