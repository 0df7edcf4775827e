// The browser table end to end (catan serve, serve/): a whole base game played by two people's
// seats in two pages, by clicking the board's targets and the menu's buttons, and two heuristic
// bots. Checks that no page ever receives the other person's hidden cards, kills the server
// (SIGKILL) mid-game, resumes it from its saved replay and finishes the game in the pages.
// Usage: node tests/browser/serve_test.mjs path/to/catan   (exit 77: no Chromium)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";

const catan = process.argv[2];
const browserPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
if (!browserPath) {
  console.log("SKIP: chromium is not installed (apt-get install --no-install-recommends chromium)");
  process.exit(77);
}
const tmp = mkdtempSync(join(tmpdir(), "catan-serve-"));
const save = join(tmp, "game.json");
const fail = (why) => {
  console.log("FAIL: " + why);
  process.exitCode = 1;
  throw new Error(why);
};

// Starts `catan serve ARGS` and resolves with the process and the link of each person's seat.
function serve(args) {
  return new Promise((resolve, reject) => {
    const proc = spawn(catan, ["serve", ...args, "--port", "0", "--save", save],
      { stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "";
    const links = {};
    proc.stderr.on("data", (d) => (err += d));
    proc.stdout.on("data", (d) => {
      out += d;
      for (const m of out.matchAll(/^seat (\d+): (http:\/\/\S+)$/gm)) links[m[1]] = m[2];
      if (/Ctrl-C stops/.test(out)) resolve({ proc, links, out });
    });
    proc.on("exit", (code) => reject(new Error("catan serve exited with " + code + ": " + err)));
  });
}

// A small seeded generator: the test clicks the same way on every run.
let seed = 12345;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * n);  // the high bits: an LCG's low bits cycle
};

const browser = await puppeteer.launch({
  executablePath: browserPath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    // Two people's pages are open at once: neither may be slowed down as a background tab.
    "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows"],
});
let server = null;
try {
  server = await serve(["base", "--players", "4", "--bots", "human,human,heuristic", "--seed", "3",
    "--option", "base.target_vp=4", "--option", "base.domestic_offers=1"]);
  if (!server.links["1"] || !server.links["2"]) fail("no links for seats 1 and 2:\n" + server.out);
  if (!/listening on http:\/\/127\.0\.0\.1:\d+ \(this machine only/.test(server.out))
    fail("the server does not say it listens on this machine only:\n" + server.out);

  // Every state a page receives: the other person's hidden forms must show totals only.
  let states = 0, leaks = 0, hidden = 0;
  const pages = {};
  for (const seat of ["1", "2"]) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    page.on("response", async (res) => {
      if (!/\/api\/[0-9a-f]+\/state/.test(res.url()) || res.status() !== 200) return;
      let s;
      try { s = await res.json(); } catch { return; }
      if (s.unchanged) return;
      states += 1;
      const other = seat === "1" ? 1 : 0;  // the other person's 0-based seat
      for (const form of ["card", "dev"]) {
        const kinds = ((s.frame.hands || [])[other] || {})[form] || {};
        if (Object.keys(kinds).some((k) => k !== "hidden")) leaks += 1;
        if (kinds.hidden > 0) hidden += 1;
      }
      if (s.decision && s.seat !== Number(seat)) leaks += 1;
    });
    await page.goto(server.links[seat]);
    pages[seat] = page;
  }

  // Clicks until the game is over; after `killAfter` clicks (if set) returns early.
  let clicks = 0, front = null;
  const targets = {};  // board clicks by place: node, path, tile
  async function play(killAfter) {
    const deadline = Date.now() + 90000;
    for (;;) {
      if (Date.now() > deadline) fail("the game did not end within 90 s (" + clicks + " clicks)");
      let acted = false;
      for (const seat of ["1", "2"]) {
        const page = pages[seat];
        const s = await page.evaluate(() => window.table && window.table.state());
        if (s && s.over) return "over";
        if (!s || !s.decision) continue;
        // Board targets first when the decision names places, else a button of the menu.
        const picks = await page.$$("#picture .pick");
        const buttons = await page.$$("#decision button:not([data-back])");
        if (picks.length === 0 && buttons.length === 0) continue;
        if (front !== page) {  // a page in the background draws no frames to click in
          await page.bringToFront();
          front = page;
        }
        // The page redraws when its state changes: a target drawn over is clicked again later.
        // A decision that names places is answered on the board.
        const onBoard = picks.length > 0;
        const element = onBoard ? picks[random(picks.length)] : buttons[random(buttons.length)];
        try {
          const what = onBoard ? await element.evaluate((e) => e.dataset.pick.split(":")[0]) : "";
          await element.click();
          if (onBoard) targets[what] = (targets[what] || 0) + 1;
        } catch (e) {
          if (!/detached|not clickable|no box/i.test(String(e))) throw e;
          continue;
        }
        clicks += 1;
        acted = true;
        await new Promise((r) => setTimeout(r, 20));
        if (killAfter && clicks >= killAfter) return "kill";
      }
      if (!acted) await new Promise((r) => setTimeout(r, 100));
    }
  }

  if ((await play(25)) !== "kill") fail("the game ended before the server could be killed");
  await new Promise((r) => setTimeout(r, 300));
  server.proc.kill("SIGKILL");
  await new Promise((r) => setTimeout(r, 300));
  const before = clicks;
  server = await serve(["--resume", save]);
  if (!/resumed after \d+ decisions/.test(server.out)) fail("no resume line:\n" + server.out);
  for (const seat of ["1", "2"]) await pages[seat].goto(server.links[seat]);
  front = null;
  if ((await play(0)) !== "over") fail("the game did not end");
  // Each page in front while it is waited on: a page in the background draws no frames, and on
  // a loaded machine its timers run late.
  for (const seat of ["1", "2"]) {
    await pages[seat].bringToFront();
    await pages[seat].waitForFunction(
      () => /^Game over/.test(document.getElementById("status").textContent),
      { polling: 100, timeout: 60000 });
  }
  const status = await pages["1"].$eval("#status", (e) => e.textContent);
  if (!/^Game over: (player \d won|no winner)/.test(status)) fail("status at the end: " + status);
  if (states < 20) fail("only " + states + " states were received");
  if (leaks > 0) fail(leaks + " states held the other person's hidden cards or decision");
  if (hidden === 0) fail("no state showed the other person's cards as a hidden count");
  if (!targets.node || !targets.path) fail("no node or no path was clicked: " + JSON.stringify(targets));
  console.log(`serve: a whole game in two pages, ${before} clicks before the kill and ` +
    `${clicks - before} after it (on the board: ${JSON.stringify(targets)}), ${states} states, ` +
    `no leak; ${status}`);
} finally {
  if (server) server.proc.kill("SIGKILL");
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}
