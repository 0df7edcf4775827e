// The replay viewer's renderer (embedded by view/viewer_html.cpp): draws one step of the
// recording (view/game_recording.h) held in <script id="game">. No network, no libraries.
(function () {
  "use strict";
  const game = JSON.parse(document.getElementById("game").textContent);
  const steps = game.steps;
  const SECTIONS = ["hands", "player_props", "game_props", "tiles", "nodes", "paths"];
  // The state at each step: sections carried forward from the last step that had them.
  const full = [];
  let last = {};
  for (const s of steps) {
    const f = {};
    for (const k of SECTIONS) f[k] = s[k] !== undefined ? s[k] : last[k];
    last = f;
    full.push(f);
  }
  const SEAT_COLOURS = ["#d32f2f", "#1565c0", "#ef6c00", "#6a1b9a", "#2e7d32", "#00838f"];
  const TERRAIN_COLOURS = {
    forest: "#2e7d32", pasture: "#9ccc65", fields: "#f4d03f", hills: "#c1440e",
    mountains: "#90a4ae", desert: "#e6d5a8", sea: "#4fa3d9",
  };
  const seatColour = (seat) => SEAT_COLOURS[(seat - 1) % SEAT_COLOURS.length];
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const svgEl = (tag, attrs, text) => {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const hashColour = (name) => {
    let h = 0;
    for (const c of String(name)) h = (h * 31 + c.charCodeAt(0)) % 360;
    return "hsl(" + h + ",45%,60%)";
  };
  const text = (v) => (v === null || v === undefined ? "" : String(v));
  const prop = (section, key, id) =>
    key && section && section[key] ? section[key][String(id)] : undefined;
  const draw = game.draw || {};
  const hexes = !!draw.tile_terrain && !!game.board;
  const holderName = (h) =>
    h < game.players ? "player " + (h + 1) : game.supplies[h - game.players] || "holder " + h;

  // --- the board as SVG ---------------------------------------------------------------------
  const R = 40, XU = (R * Math.sqrt(3)) / 2, YU = R / 2;
  const CORNERS = [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]];
  const centre = (t) => [(2 * t.q + t.r) * XU, 3 * t.r * YU];
  const nodeAt = [];
  const pathEnds = [];
  const pathTiles = [];
  if (hexes) {
    game.board.tiles.forEach((t, id) => {
      const [cx, cy] = centre(t);
      t.nodes.forEach((n, i) => (nodeAt[n] = [cx + CORNERS[i][0] * XU, cy + CORNERS[i][1] * YU]));
      t.paths.forEach((p, i) => {
        pathEnds[p] = [t.nodes[i], t.nodes[(i + 1) % 6]];
        (pathTiles[p] = pathTiles[p] || []).push(id);
      });
    });
  }

  function boardSvg(f) {
    const xs = nodeAt.filter(Boolean).map((p) => p[0]);
    const ys = nodeAt.filter(Boolean).map((p) => p[1]);
    const pad = 70;
    const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
    const w = Math.max(...xs) - minX + pad, h = Math.max(...ys) - minY + pad;
    const svg = svgEl("svg", { id: "board", viewBox: [minX, minY, w, h].join(" "),
      width: Math.round(w * 1.1), height: Math.round(h * 1.1) });
    svg.appendChild(svgEl("rect", { x: minX, y: minY, width: w, height: h, fill: "#bde0f6" }));
    let robber = f.game_props ? f.game_props[draw.robber] : undefined;
    game.board.tiles.forEach((t, id) => {
      const [cx, cy] = centre(t);
      const terrain = text(prop(f.tiles, draw.tile_terrain, id));
      const g = svgEl("g", { class: "tile", "data-tile": id + 1, "data-terrain": terrain });
      const pts = CORNERS.map(([dx, dy]) => [cx + dx * XU, cy + dy * YU].join(",")).join(" ");
      g.appendChild(svgEl("polygon", { points: pts, fill: TERRAIN_COLOURS[terrain] || hashColour(terrain),
        stroke: "#6d5a3a", "stroke-width": 1.5 }));
      g.appendChild(svgEl("text", { x: cx, y: cy - 20, "text-anchor": "middle", "font-size": 9,
        fill: "#222" }, "#" + (id + 1)));
      const label = text(prop(f.tiles, draw.tile_label, id)) || terrain;
      g.appendChild(svgEl("text", { x: cx, y: cy - 8, "text-anchor": "middle", "font-size": 10,
        fill: "#111" }, label));
      const number = prop(f.tiles, draw.tile_number, id);
      if (number !== undefined) {
        g.appendChild(svgEl("circle", { cx: cx, cy: cy + 9, r: 11, fill: "#fdf6e3", stroke: "#555" }));
        g.appendChild(svgEl("text", { x: cx, y: cy + 13, "text-anchor": "middle", "font-size": 12,
          "font-weight": "bold", fill: number === 6 || number === 8 ? "#c62828" : "#222",
          class: "number" }, text(number)));
      }
      svg.appendChild(g);
    });
    // Harbors: a coastal side whose two corners name the same harbor.
    if (draw.harbor) {
      pathEnds.forEach(([a, b], p) => {
        if (!pathTiles[p] || pathTiles[p].length !== 1) return;
        const ha = prop(f.nodes, draw.harbor, a), hb = prop(f.nodes, draw.harbor, b);
        if (ha === undefined || ha !== hb) return;
        const t = game.board.tiles[pathTiles[p][0]];
        const [cx, cy] = centre(t);
        const mx = (nodeAt[a][0] + nodeAt[b][0]) / 2, my = (nodeAt[a][1] + nodeAt[b][1]) / 2;
        const ox = mx + (mx - cx) * 0.55, oy = my + (my - cy) * 0.55;
        const g = svgEl("g", { class: "harbor", "data-harbor": ha });
        g.appendChild(svgEl("line", { x1: mx, y1: my, x2: ox, y2: oy, stroke: "#6d4c41", "stroke-width": 2 }));
        g.appendChild(svgEl("text", { x: ox, y: oy + 4, "text-anchor": "middle", "font-size": 10,
          "font-weight": "bold", fill: "#3e2723" }, ha === "any" ? "3:1" : "2:1 " + ha));
        svg.appendChild(g);
      });
    }
    if (robber !== undefined && game.board.tiles[robber - 1]) {
      const [cx, cy] = centre(game.board.tiles[robber - 1]);
      const g = svgEl("g", { id: "robber", "data-tile": robber });
      g.appendChild(svgEl("circle", { cx: cx + 20, cy: cy + 5, r: 8, fill: "#212121", stroke: "#fff" }));
      g.appendChild(svgEl("text", { x: cx + 20, y: cy + 9, "text-anchor": "middle", "font-size": 10,
        fill: "#fff" }, "R"));
      svg.appendChild(g);
    }
    // Roads.
    pathEnds.forEach(([a, b], p) => {
      const seat = prop(f.paths, draw.path_owner, p + 1 - 1);
      if (typeof seat !== "number") return;
      const [x1, y1] = nodeAt[a], [x2, y2] = nodeAt[b];
      const k = 0.18;
      svg.appendChild(svgEl("line", { class: "road", "data-path": p + 1, "data-seat": seat,
        x1: x1 + (x2 - x1) * k, y1: y1 + (y2 - y1) * k, x2: x2 - (x2 - x1) * k, y2: y2 - (y2 - y1) * k,
        stroke: seatColour(seat), "stroke-width": 6, "stroke-linecap": "round" }));
    });
    // Pieces on nodes, with their marks (a wall: a ring around the piece).
    nodeAt.forEach(([x, y], n) => {
      const seat = prop(f.nodes, draw.node_owner, n);
      const piece = text(prop(f.nodes, draw.node_piece, n));
      if (typeof seat !== "number" && !piece) return;
      const colour = typeof seat === "number" ? seatColour(seat) : "#777";
      const symbol = (draw.pieces && draw.pieces[piece]) || "?";
      const g = svgEl("g", { class: "piece", "data-node": n + 1, "data-piece": piece,
        "data-seat": text(seat) });
      for (const [key, mark] of Object.entries(draw.marks || {})) {
        if (typeof prop(f.nodes, key, n) !== "number") continue;
        g.setAttribute("data-mark-" + key, mark);
        g.appendChild(svgEl("rect", { x: x - 14, y: y - 14, width: 28, height: 28, rx: 3,
          fill: "none", stroke: "#3e2723", "stroke-width": 3, class: "mark" }));
      }
      const size = piece === "settlement" ? 8 : 11;
      g.appendChild(svgEl(piece === "settlement" ? "rect" : "circle", piece === "settlement"
        ? { x: x - size, y: y - size, width: 2 * size, height: 2 * size, fill: colour, stroke: "#fff", "stroke-width": 2 }
        : { cx: x, cy: y, r: size, fill: colour, stroke: "#fff", "stroke-width": 2 }));
      g.appendChild(svgEl("text", { x: x, y: y + 4, "text-anchor": "middle", "font-size": 11,
        "font-weight": "bold", fill: "#fff" }, symbol));
      svg.appendChild(g);
    });
    return svg;
  }

  // --- the other pictures -------------------------------------------------------------------
  function sheet(i) {
    // The last text each of the last `players` shows up to this step: each player's sheet.
    const texts = [];
    for (let k = i; k >= 0 && texts.length < game.players; --k)
      for (let j = steps[k].shown.length - 1; j >= 0 && texts.length < game.players; --j)
        texts.unshift(steps[k].shown[j]);
    const div = el("div", { id: "sheet" });
    if (!texts.length) div.appendChild(el("p", {}, "(nothing shown yet)"));
    for (const t of texts) div.appendChild(el("pre", { class: "shown" }, t));
    return div;
  }

  function table(rows, header) {
    const t = el("table", { class: "state" });
    if (header) {
      const tr = el("tr");
      for (const h of header) tr.appendChild(el("th", {}, h));
      t.appendChild(tr);
    }
    for (const r of rows) {
      const tr = el("tr");
      for (const c of r) tr.appendChild(el("td", {}, text(c)));
      t.appendChild(tr);
    }
    return t;
  }

  function stateTable(f) {
    const div = el("div", { id: "state-table" });
    div.appendChild(el("p", { class: "note" }, "These packs do not declare how their state draws " +
      "(\"draw\" in pack.json): the state as tables."));
    for (const kind of ["tiles", "nodes", "paths"]) {
      const section = f[kind] || {};
      const rows = [];
      for (const [key, values] of Object.entries(section))
        for (const [id, v] of Object.entries(values)) rows.push([Number(id) + 1, key, v]);
      if (rows.length) {
        div.appendChild(el("h3", {}, kind));
        div.appendChild(table(rows, [kind.slice(0, -1), "property", "value"]));
      }
    }
    return div;
  }

  // --- the side panels ----------------------------------------------------------------------
  function players(f, step) {
    const div = el("div", { id: "players" });
    div.appendChild(el("h2", {}, "Players"));
    for (let h = 0; h < (f.hands || []).length || h < game.players; ++h) {
      const seat = h < game.players ? h + 1 : 0;
      const box = el("div", { class: "player" + (seat && step.current === h ? " current" : ""),
        "data-holder": holderName(h) });
      const name = el("div", { class: "name" }, holderName(h) +
        (seat ? " (" + (game.agents[h] || "") + ")" : "") + (seat && game.winner === h ? " - winner" : ""));
      if (seat) name.style.borderLeft = "8px solid " + seatColour(seat);
      box.appendChild(name);
      const props = seat && f.player_props ? f.player_props[h] : {};
      const p = Object.entries(props || {}).map(([k, v]) => k + "=" + text(v)).join("  ");
      if (p) box.appendChild(el("div", { class: "props" }, p));
      const forms = (f.hands || [])[h] || {};
      for (const [form, kinds] of Object.entries(forms)) {
        box.appendChild(el("div", { class: "hand", "data-form": form }, form + ": " +
          Object.entries(kinds).map(([k, n]) => n + " " + k).join(", ")));
      }
      div.appendChild(box);
    }
    return div;
  }

  function decision(i) {
    const step = steps[i];
    const div = el("div", { id: "decision" });
    if (step.kind === undefined) {
      div.appendChild(el("h2", {}, "Game over"));
      div.appendChild(el("p", {}, (game.winner === null ? "no winner" : "player " + (game.winner + 1) +
        " won") + (game.reason ? " (" + game.reason + ")" : "") + " after " + game.turns + " turns"));
      return div;
    }
    div.appendChild(el("h2", {}, "Decision " + (step.decision + 1) + ": player " + (step.player + 1) +
      ", " + step.kind));
    const ol = el("ol", { id: "options" });
    for (const [index, id, label] of step.options) {
      const li = el("li", { value: index + 1, "data-id": id, class: index === step.chosen ? "chosen" : "" },
        label + (label === id ? "" : "  [" + id + "]"));
      ol.appendChild(li);
    }
    div.appendChild(ol);
    if (step.count > step.options.length)
      div.appendChild(el("p", { class: "note" }, (step.count - step.options.length) + " more options not shown"));
    return div;
  }

  function happenings(i) {
    const step = steps[i];
    const div = el("div", { id: "happenings" });
    div.appendChild(el("h2", {}, "Since the previous decision"));
    const log = el("ul", { id: "log" });
    for (const line of step.log)
      log.appendChild(el("li", { class: /\brolls?\b/.test(line) ? "dice" : "" }, line));
    if (step.log.length) div.appendChild(log);
    const ev = el("ul", { id: "events" });
    for (const [name, pack, times] of step.events)
      ev.appendChild(el("li", {}, name + " (" + pack + ")" + (times > 1 ? " x" + times : "")));
    div.appendChild(el("h3", {}, "Events raised"));
    div.appendChild(ev);
    return div;
  }

  // --- navigation ---------------------------------------------------------------------------
  let at = 0;
  function show(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    const f = full[at], step = steps[at];
    const picture = document.getElementById("picture");
    picture.replaceChildren(hexes ? boardSvg(f) : draw.sheet ? sheet(at) : stateTable(f));
    const gp = Object.entries(f.game_props || {}).map(([k, v]) => [k, v]);
    const side = document.getElementById("side");
    side.replaceChildren(decision(at), players(f, step), happenings(at));
    const g = el("details", {});
    g.appendChild(el("summary", {}, "game properties"));
    g.appendChild(table(gp, ["property", "value"]));
    side.appendChild(g);
    document.getElementById("slider").value = at;
    document.getElementById("where").textContent = "step " + (at + 1) + " of " + steps.length +
      " - turn " + step.turn + ", round " + step.round + ", player " + (step.current + 1) + " to move";
    document.body.setAttribute("data-step", at);
    if (location.hash !== "#step=" + at) history.replaceState(null, "", "#step=" + at);
  }
  const turnStart = (i, dir) => {
    const t = steps[i].turn;
    let k = i;
    if (dir > 0) { while (k < steps.length - 1 && steps[k].turn === t) ++k; return k; }
    while (k > 0 && steps[k - 1].turn === t) --k;
    if (k === i && k > 0) { const u = steps[k - 1].turn; while (k > 0 && steps[k - 1].turn === u) --k; }
    return k;
  };
  const slider = document.getElementById("slider");
  slider.max = steps.length - 1;
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev-turn").onclick = () => show(turnStart(at, -1));
  document.getElementById("prev").onclick = () => show(at - 1);
  document.getElementById("next").onclick = () => show(at + 1);
  document.getElementById("next-turn").onclick = () => show(turnStart(at, 1));
  document.getElementById("last").onclick = () => show(steps.length - 1);
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(e.shiftKey ? turnStart(at, 1) : at + 1);
    if (e.key === "ArrowLeft") show(e.shiftKey ? turnStart(at, -1) : at - 1);
  });
  const meta = document.getElementById("meta");
  meta.textContent = "seed " + game.seed + ", game " + game.game_index + ", " + game.players +
    " players" + (game.options.length ? ", options " + game.options.join(" ") : "") + " - " +
    (game.winner === null ? "no winner" : "player " + (game.winner + 1) + " won") + " after " +
    game.turns + " turns, " + (steps.length - 1) + " decisions";
  const m = /step=(\d+)/.exec(location.hash);
  window.viewer = { show: show, steps: steps.length };
  show(m ? Number(m[1]) : 0);
})();
