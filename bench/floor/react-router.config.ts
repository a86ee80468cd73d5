import type { Config } from "@react-router/dev/config";

/** The framework floor: the smallest page of the shop's stack, built apart from the shop (bench/floor/build). */
export default {
  appDirectory: "app",
  ssr: true,
} satisfies Config;
