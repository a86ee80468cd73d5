import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * nginx with the shipped configuration (docs/deploy/nginx.conf) in front of the shop's instances, for the shared
 * cache's e2e test and bench: only the upstream addresses, the port and nginx's own files change.
 */

const SHIPPED = resolve(import.meta.dirname, "../docs/deploy/nginx.conf");
const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));

/** The shipped configuration with these upstreams and port, and nginx's pid, logs, cache and temp files in `dir`. */
function configFor(dir: string, port: number, upstreams: readonly string[]): string {
  const servers = upstreams.map((url) => `server ${new URL(url).host};`).join("\n        ");
  const changed = readFileSync(SHIPPED, "utf8")
    .replace(/server 127\.0\.0\.1:3001;\s*server 127\.0\.0\.1:3002;/, servers)
    .replace("listen 8080;", `listen 127.0.0.1:${port};`)
    .replace("/var/cache/nginx/shop", join(dir, "cache"))
    .replace(
      "http {",
      `http {\n    access_log off;\n${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `    ${kind}_temp_path ${join(dir, `${kind}-temp`)};`).join("\n")}`,
    );
  for (const original of ["127.0.0.1:3001", "listen 8080", "/var/cache/nginx/shop"]) {
    if (changed.includes(original)) throw new Error(`docs/deploy/nginx.conf changed: ${original} was not replaced`);
  }
  return `daemon off;\npid ${join(dir, "nginx.pid")};\nerror_log ${join(dir, "nginx-error.log")} warn;\n${changed}`;
}

export interface RunningNginx {
  url: string;
  stop: () => void;
}

/** Starts nginx on `port` in front of `upstreams` (the shops' URLs), its files in `dir`; resolves once it answers. */
export async function startNginx(dir: string, port: number, upstreams: readonly string[]): Promise<RunningNginx> {
  if (!NGINX) throw new Error("nginx is not installed: Debian's nginx-light (apt-get install nginx-light) runs this");
  // Started by root (as in CI), nginx's workers run as an unprivileged user, who must reach its cache in `dir`.
  chmodSync(dir, 0o755);
  const path = join(dir, "nginx.conf");
  writeFileSync(path, configFor(dir, port, upstreams));
  execFileSync(NGINX, ["-t", "-q", "-p", dir, "-c", path]);
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", path], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill("SIGQUIT");
  };
  for (const giveUpAt = Date.now() + 10_000; Date.now() < giveUpAt; ) {
    if ((await fetch(`${url}/healthz`).catch(() => undefined))?.ok) return { url, stop };
    await new Promise((done) => setTimeout(done, 100));
  }
  stop();
  throw new Error(`nginx did not answer at ${url}: see ${join(dir, "nginx-error.log")}`);
}
