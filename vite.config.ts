import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // The shared and the storefront-only constants load together on nearly every page: one chunk, not two.
        codeSplitting: { groups: [{ name: "constants", test: /\/(contract|app\/lib)\/constants\.ts$/ }] },
      },
    },
  },
});
