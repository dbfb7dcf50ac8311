// Landsraad Forge session pages. Everything shown is computed by the server; this script
// only lays it out (always as text, never as HTML) and sends the player's choices back.
"use strict";

const page = document.body.dataset.page;
let me = null;
let lastVersion = -1;

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "cls") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
}

function say(text) {
  const box = document.getElementById("message");
  if (box) box.textContent = text || "";
}

async function getJSON(url) {
  const r = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  if (r.status === 403 && page !== "join") { location.href = "/"; throw new Error("not joined"); }
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

async function post(url, body) {
  const r = await fetch(url, {
    method: "POST", credentials: "same-origin", cache: "no-store",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": me ? me.csrf : "" },
    body: JSON.stringify(body || {}),
  });
  let data = {};
  try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
  if (!r.ok) { say(data.error || r.statusText); throw new Error(data.error || r.statusText); }
  return data;
}

// ----- live: one event stream, reconnecting by itself --------------------------------------
function follow(onChange) {
  const conn = document.getElementById("conn");
  const es = new EventSource("/events");
  es.onmessage = (ev) => {
    if (conn) { conn.textContent = "live"; conn.classList.remove("off"); }
    let msg = {};
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.v !== lastVersion) { lastVersion = msg.v; onChange(msg); }
  };
  es.onerror = () => {
    if (conn) { conn.textContent = "reconnecting…"; conn.classList.add("off"); }
  };
  window.addEventListener("online", () => onChange({}));
}

// ----- the TV ---------------------------------------------------------------------------------
function dice(groups) {
  return el("div", { cls: "dice", "aria-label": groups.map((g) => g.label).join(" ") },
    groups.map((g) => el("div", { cls: "group" },
      g.faces.map((f) => el("div", { cls: g.set ? "die" : "die waste", text: String(f) })))));
}

function lines(list, cls) { return (list || []).map((t) => el("div", { cls: cls || "", text: t })); }

function renderTable(data) {
  const d = data.doc || {};
  document.getElementById("title").textContent = d.title || "Landsraad Forge";
  const tv = document.getElementById("tv");
  const left = el("section", {}), right = el("section", {});
  if (d.page === "fief") {
    left.append(el("h2", { text: "Last roll" }));
    if (d.roll) {
      left.append(el("div", { text: d.roll.caption }), dice(d.roll.groups), el("div", { cls: "dim", text: d.roll.reading }));
    } else left.append(el("div", { text: "No roll yet" }));
    left.append(el("h2", { text: "Trait Scores (Ratings)" }));
    const rows = d.scores.rows.map((row, i) => el("tr", {},
      row.map((cell, j) => el("td", { cls: j === 0 && d.scores.players[i] ? "players" : "", text: cell }))));
    left.append(el("div", { cls: "scroll" }, el("table", { id: "scores" },
      el("thead", {}, el("tr", {}, d.scores.header.map((h, i) => el("th", { title: h },
        el("span", { cls: "long", text: h }), el("span", { cls: "short", text: d.scores.short[i] }))))),
      el("tbody", {}, rows))));
    left.append(el("h2", { text: d.history.heading }), ...lines(d.history.lines));
    right.append(el("h2", { text: "Roll log" }), ...lines(d.log, "dim"));
    const turn = d.turn;
    if (turn) {
      right.append(el("h2", { text: "Month " + turn.month }));
      for (const h of turn.houses) {
        if (h.strategy) right.append(el("div", { text: "House " + h.house + ": " + h.strategy + " Strategy" }));
        for (const k of h.public) right.append(el("div", { cls: "dim", text: h.house + ": " + k.text }));
      }
      right.append(...lines(turn.log, "dim"));
    }
  } else if (d.page === "character") {
    left.append(el("h2", { text: "Now building" }), el("div", { text: d.step }), ...lines(d.todo.map((t) => "• " + t)),
      el("div", { text: d.cp }));
    right.append(el("h2", { text: "Summary" }), ...lines(d.summary));
  } else if (d.page === "duel") {
    for (const c of d.corners) {
      left.append(el("div", { cls: "corner" }, el("h2", { text: c.name }), el("div", { cls: "card", text: c.card }),
        el("div", { text: c.initiative }),
        el("div", { cls: "wounds" }, c.wounds.map((w) => el("div", {}, w.level + " ",
          Array.from({ length: w.boxes }, (_, i) => el("span", { cls: i < w.checked ? "x" : "" }))))),
        el("div", { cls: "dim", text: c.state })));
    }
    right.append(el("h2", { text: "The fight" }), ...lines(d.steps));
  } else if (d.page === "conflict") {
    left.append(el("h2", { text: "Next" }), el("div", { text: d.next }), ...lines(d.keep ? d.keep.split("\n") : []),
      el("h2", { text: "Sides" }), ...lines(d.sides));
    right.append(el("h2", { text: "Momentum " + d.momentum + " · Threat " + d.threat }),
      el("h2", { text: "Zones" }), ...lines(d.zones), el("h2", { text: "Last moves" }), ...lines(d.log, "dim"));
  } else {
    left.append(el("div", { text: "Waiting for the Judge's document" }));
  }
  tv.replaceChildren(left, right);
  const b = document.getElementById("building");
  b.replaceChildren(...lines(data.building));
  document.body.dataset.rendered = String(Date.now());     // when this table was drawn (the tests read it)
}

async function tablePage() {
  const refresh = async () => { try { renderTable(await getJSON("/api/table")); } catch (e) { /* reconnecting */ } };
  follow(refresh);
  await refresh();
}

// ----- the player's page ----------------------------------------------------------------------
let current = { step: "early-life" };
let charData = null;

async function edit(name, args) {
  try {
    const r = await post("/api/edit", { edit: name, args: args });
    if (r.state === "sent") say("Sent to the Judge: " + r.text);
    else if (r.state === "refused") say("Refused: " + r.reason);
    else say("");
    await refreshPlayer();
  } catch (e) { /* said */ }
}

function seatForm(choices) {
  const main = document.getElementById("player");
  const name = el("input", { id: "name", maxlength: "40", placeholder: "your name", autocomplete: "off" });
  const take = (body) => post("/api/seat", Object.assign({ name: name.value }, body)).then(refreshPlayer, () => {});
  main.replaceChildren(
    el("label", { for: "name", text: "Your name" }), name,
    el("h2", { text: "Take a seat" }),
    el("button", { id: "seat-new", onclick: () => take({ kind: "new" }) , text: "A new character" }),
    ...choices.characters.map((c) => el("button", { cls: "secondary", onclick: () => take({ kind: "character", doc: c.doc }),
      text: "Character: " + c.name })),
    ...choices.houses.map((h) => el("button", { cls: "secondary", "data-house": h.house,
      onclick: () => take({ kind: "house", doc: h.doc, house: h.house }), text: "House " + h.name })));
}

function findingList(list) {
  return list.map((f) => el("div", { cls: f.severity === "error" ? "reason" : "hint",
    text: f.message + (f.page ? " (p. " + f.page + ")" : "") }));
}

function optionChoice(step, ch) {
  const box = el("div", { cls: "box", "data-choice": String(ch.n) },
    el("h3", { text: "Choice " + ch.n + " — " + ch.picked + " of " + ch.count + " picked" }),
    el("div", { cls: "hint", text: ch.heading }));
  const tokensNow = () => {
    const out = [];
    for (const o of ch.options) for (let i = 0; i < o.count; i++) out.push(o.fields[i] ? o.id + "(" + o.fields[i] + ")" : o.id);
    return out;
  };
  for (const o of ch.options) {
    const id = "c-" + step + "-" + ch.n + "-" + o.id;
    const type = ch.single ? "radio" : "checkbox";
    const blocked = o.count === 0 && !!o.reason;
    const input = el("input", { type: type, id: id, name: step + "-" + ch.n, checked: o.count > 0, disabled: blocked,
      "data-needs": o.needs || null, "data-option": o.id,
      onchange: () => {
        let tokens;
        if (ch.single) tokens = [o.id];
        else if (input.checked) tokens = tokensNow().concat([o.id]);
        else { tokens = tokensNow(); const i = tokens.findIndex((t) => t === o.id || t.startsWith(o.id + "(")); tokens.splice(i, 1); }
        edit("answer-choice", { step: step, n: ch.n, tokens: tokens });
      } });
    const what = el("label", { for: id, cls: "what" }, el("div", { text: o.label + (o.count > 1 ? " ×" + o.count : "") }),
      o.extra ? el("div", { cls: "hint", text: o.extra }) : null, blocked ? el("div", { cls: "reason", text: o.reason }) : null);
    const row = el("div", { cls: "opt", title: o.tip }, input, what);
    box.append(row);
    if (o.needs && o.count > 0) {
      for (let i = 0; i < o.count; i++) {
        const f = el("input", { value: o.fields[i] || "", placeholder: "name the " + o.needs, maxlength: "200",
          onchange: () => {
            const tokens = []; let k = 0;
            for (const p of ch.options) for (let j = 0; j < p.count; j++) {
              const fld = (p.id === o.id && j === i) ? f.value : (p.fields[j] || "");
              tokens.push(fld ? p.id + "(" + fld + ")" : p.id); k++;
            }
            edit("answer-choice", { step: step, n: ch.n, tokens: tokens });
          } });
        box.append(f);
      }
    }
  }
  return box;
}

function featChoice(step, ch) {
  const box = el("div", { cls: "box", "data-choice": String(ch.n) },
    el("h3", { text: "Choice " + ch.n + " — " + ch.picked.length + " feats picked" }), el("div", { cls: "hint", text: ch.heading }),
    ...ch.patterns.map((p) => el("div", { cls: "hint", text: "• " + p })));
  for (const tree of ch.trees) {
    box.append(el("h3", { text: tree.name }));
    for (const f of tree.feats) {
      const id = "f-" + step + "-" + ch.n + "-" + f.id;
      const input = el("input", { type: "checkbox", id: id, checked: f.picked, disabled: !f.picked && !!f.reason,
        onchange: () => {
          const tokens = ch.picked.filter((t) => t !== f.id);
          if (input.checked) tokens.push(f.id);
          edit("answer-choice", { step: step, n: ch.n, tokens: tokens });
        } });
      box.append(el("div", { cls: "opt" }, input, el("label", { for: id, cls: "what" }, el("div", { text: f.label }),
        el("div", { cls: "hint", text: f.effect }), f.reason ? el("div", { cls: "reason", text: f.reason }) : null)));
    }
  }
  return box;
}

function templateStep(d, step) {
  const t = d.templates[step];
  const out = [el("h2", { text: "Choose one" })];
  for (const o of t.options) {
    const id = "t-" + step + "-" + o.id;
    const blocked = !o.taken && !!o.reason;
    const input = el("input", { type: "radio", name: "t-" + step, id: id, checked: o.taken, disabled: blocked,
      onchange: () => edit("take-template", { step: step, template: o.id }) });
    out.push(el("div", { cls: "opt", title: o.tip }, input, el("label", { for: id, cls: "what" }, el("div", { text: o.name }),
      o.grants ? el("div", { cls: "hint", text: o.grants }) : null,
      blocked ? el("div", { cls: "reason", text: o.reason }) : null)));
  }
  if (t.taken) {
    out.push(el("h2", { text: t.taken.name }), el("div", { cls: "hint", text: "Grants: " + t.taken.grants }),
      ...t.taken.requires.map((r) => el("div", { cls: r.ok ? "hint" : "reason", text: "Requires " + r.text + (r.ok ? " ✔" : " ✖") })));
    for (const det of t.taken.details) {
      const f = el("input", { value: det.value, maxlength: "200", "aria-label": det.label,
        onchange: () => edit("set-detail", { step: step, ref: det.ref, text: f.value }) });
      out.push(el("label", { text: det.label }), f);
    }
    for (const ch of t.taken.choices) out.push(ch.kind === "feats" ? featChoice(step, ch) : optionChoice(step, ch));
  }
  return out;
}

function extrasStep(d) {
  const kind = el("select", { id: "buy-kind" }, d.extras.kinds.map((k) => el("option", { value: k.id, text: k.name })));
  const item = el("select", { id: "buy-item" });
  const fill = () => {
    const k = d.extras.kinds.find((x) => x.id === kind.value);
    item.replaceChildren(...k.items.map((i) => el("option", { value: i.id, text: i.label })));
  };
  kind.addEventListener("change", fill); fill();
  const levels = el("input", { id: "buy-levels", type: "number", min: "1", max: "10", value: "1" });
  const field = el("input", { id: "buy-field", placeholder: "field or detail (if it asks one)", maxlength: "200" });
  return [
    el("div", { text: "Character Points: " + d.cp.spent + " spent of " + d.cp.budget }),
    el("h2", { text: "Costs" }),
    ...d.extras.costs.map((c) => el("div", { cls: "hint", text: c.cells.join("  ·  ") })),
    el("h2", { text: "Buy" }), kind, item, levels, field,
    el("button", { id: "buy", text: "Buy", onclick: () => edit("buy", { kind: kind.value, id: item.value,
      levels: parseInt(levels.value, 10) || 1, field: field.value }) }),
    ...d.extras.purchases.map((p, i) => el("div", { cls: "opt" }, el("div", { cls: "what", text: p.join("  ·  ") }),
      el("button", { cls: "secondary", text: "Remove", onclick: () => edit("remove-purchase", { index: i }) }))),
  ];
}

function casteStep(d) {
  const out = [];
  if (d.suggested_caste) out.push(el("div", { cls: "hint", text: "The templates suggest: " + d.suggested_caste }));
  for (const k of d.castes) {
    const id = "k-" + k.id;
    out.push(el("div", { cls: "opt" }, el("input", { type: "radio", name: "caste", id: id, checked: d.caste === k.id,
      onchange: () => edit("set-caste", { caste: k.id }) }),
      el("label", { for: id, cls: "what" }, el("div", { text: k.name + " · rank " + k.rank }), el("div", { cls: "hint", text: k.description }))));
  }
  return out;
}

function finishingStep(d) {
  const out = [];
  for (const [attr, value] of Object.entries(d.texts)) {
    const long = ["description", "equipment", "notes"].includes(attr);
    const f = el(long ? "textarea" : "input", { id: "text-" + attr, maxlength: long ? "20000" : "200",
      onchange: () => edit("set-text", { attr: attr, value: f.value }) });
    f.value = value;
    out.push(el("label", { for: "text-" + attr, text: attr[0].toUpperCase() + attr.slice(1) }), f);
  }
  out.push(el("div", { cls: "hint", text: d.house }));
  return out;
}

function renderCharacter(d) {
  charData = d;
  document.getElementById("title").textContent = d.title + " · " + d.cp.spent + "/" + d.cp.budget + " CP";
  const main = document.getElementById("player");
  const bar = el("nav", { cls: "steps" }, d.steps.map((s) => el("button", {
    cls: (s.id === current.step ? "on " : "") + s.state.replace(/ /g, "-"), "data-step": s.id,
    title: s.name + ": " + s.state, text: String(s.n).padStart(2, "0"),
    onclick: () => { current.step = s.id; post("/api/step", { step: s.id }).catch(() => {}); renderCharacter(charData); } })));
  const step = d.steps.find((s) => s.id === current.step);
  let body;
  if (d.templates[current.step]) body = templateStep(d, current.step);
  else if (current.step === "statistics") body = d.statistics.map((s) => el("div", { text: s.name + " " + s.value }));
  else if (current.step === "extras") body = extrasStep(d);
  else if (current.step === "caste") body = casteStep(d);
  else body = finishingStep(d);
  main.replaceChildren(bar, el("h2", { id: "step-title", text: String(step.n).padStart(2, "0") + " " + step.name }),
    ...findingList(step.findings), ...body,
    el("h2", { text: "Summary" }), ...lines(d.summary),
    el("p", {}, el("a", { href: "/api/sheet.pdf", id: "sheet", text: "My sheet (PDF)" })));
}

function renderHouse(d) {
  document.getElementById("title").textContent = "House " + d.house;
  const main = document.getElementById("player");
  const t = d.turn;
  const out = [el("h2", { text: "Trait Scores (Ratings)" }),
    ...d.scores.map((s) => el("div", { text: s.trait + " " + s.score + " (" + s.rating + ")" }))];
  out.push(el("h2", { text: "History" }));
  for (const ev of d.history) {
    out.push(el("div", { text: ev.source + "  " + ev.name + (ev.todo ? ": " + ev.todo : "") }));
    if (ev.options) {
      for (const o of ev.options) {
        const id = "h-" + ev.source + "-" + o.n;
        out.push(el("div", { cls: "opt" }, el("input", { type: "radio", name: "h-" + ev.source, id: id, checked: ev.chosen === o.n,
          onchange: () => edit("history-choice", { source: ev.source, option: o.n }) }),
          el("label", { for: id, cls: "what", text: o.text })));
      }
    }
  }
  if (!d.handed) out.push(el("div", { cls: "hint", text: "The Judge has not handed your House its history choices." }));
  out.push(el("h2", { text: "Month " + t.month + ": secret orders" }));
  out.push(el("div", { id: "strategy-now", text: t.strategy_line }));
  const strat = el("select", { id: "strategy" }, d.strategies.map((s) => el("option", { value: s.id, text: s.name })));
  out.push(strat, el("button", { id: "send-strategy", text: "Send Strategy", onclick: () => edit("strategy", { strategy: strat.value }) }));
  const rivals = () => [el("option", { value: "", text: "(no rival)" }), ...d.rivals.map((r) => el("option", { value: r.id, text: r.name }))];
  const traits = () => [el("option", { value: "", text: "(no trait)" }), ...d.traits.map((r) => el("option", { value: r.id, text: r.name }))];
  for (const hh of t.highs) {
    const box = el("div", { cls: "box", "data-householder": hh }, el("h3", { text: hh }));
    const v = el("select", { cls: "venture" }, d.ventures.map((x) => el("option", { value: x.id, text: x.name })));
    const against = el("select", { cls: "against" }, rivals());
    const target = el("select", { cls: "target" }, traits());
    const fakeS = el("select", { cls: "fake-strategy" }, [el("option", { value: "", text: "(no fake Strategy)" }),
      ...d.strategies.map((s) => el("option", { value: s.id, text: "fake: " + s.name }))]);
    // Misinform: the fake Strategy and fake Ventures its rivals may be told (L4912)
    const fakeV = el("select", { cls: "fake-ventures", multiple: true, "aria-label": "fake Ventures (Misinform)" },
      d.ventures.map((x) => el("option", { value: x.id, text: "fake: " + x.name })));
    const picked = (sel) => Array.from(sel.selectedOptions).map((o) => o.value);
    box.append(el("label", { text: "Venture" }), v, against, target, fakeS, fakeV,
      el("button", { cls: "send-venture", text: "Send Venture", onclick: () => edit("venture", { director: hh, venture: v.value,
        against: against.value, target: target.value, fake_strategy: fakeS.value, fake_ventures: picked(fakeV) }) }));
    const op = el("select", { cls: "operation" }, d.operations.map((o) => el("option", { value: o.key, text: o.name + " (" + o.target + ")" })));
    const week = el("select", { cls: "week" }, Array.from({ length: d.weeks }, (_, i) => el("option", { value: String(i + 1), text: "week " + (i + 1) })));
    const opAgainst = el("select", { cls: "op-against" }, rivals());
    const who = el("input", { cls: "op-target", placeholder: "target (a Householder)", maxlength: "200" });
    // Mislead: the fake Operations a rival's Spy is told
    const fakeO = el("select", { cls: "fake-operations", multiple: true, "aria-label": "fake Operations (Mislead)" },
      d.operations.map((o) => el("option", { value: o.key, text: "fake: " + o.name + " (" + o.target + ")" })));
    box.append(el("label", { text: "Operation" }), op, week, opAgainst, who, fakeO,
      el("button", { cls: "send-operation", text: "Send Operation", onclick: () => edit("operation", { actor: hh, operation: op.value,
        week: parseInt(week.value, 10), against: opAgainst.value, target: who.value, fake_operations: picked(fakeO) }) }));
    out.push(box);
  }
  out.push(el("h2", { text: "Sent" }), ...d.pending.map((p) => el("div", { cls: p.state === "refused" ? "reason" : "hint",
    text: p.text + ": " + p.state + (p.reason ? " — " + p.reason : "") })));
  out.push(el("h2", { text: "This month" }),
    ...t.venture_lines.map((line) => el("div", { cls: "venture-line", text: line })),
    ...t.operation_lines.map((line) => el("div", { cls: "operation-line", text: line })));
  out.push(el("h2", { text: "What your House learnt" }),
    ...t.knowledge_lines.map((line) => el("div", { cls: "knowledge", text: line })));
  main.replaceChildren(...out);
}

// a redraw keeps what the player is typing: the field with the focus gets its text and caret back
function keepFocus(draw) {
  const a = document.activeElement;
  const id = a && a.id && (a.tagName === "INPUT" || a.tagName === "TEXTAREA") ? a.id : null;
  const value = id ? a.value : null, start = id ? a.selectionStart : null;
  draw();
  if (!id) return;
  const b = document.getElementById(id);
  if (!b) return;
  if (b.value !== value) b.value = value;
  b.focus();
  try { b.setSelectionRange(start, start); } catch (e) { /* not a text field */ }
}

let refreshing = false, again = false;
async function refreshPlayer() {
  if (refreshing) { again = true; return; }
  refreshing = true;
  try {
    me = await getJSON("/api/me");
    if (me.seat === "none") seatForm(me.choices);
    else if (me.seat === "character") { const d = await getJSON("/api/character"); keepFocus(() => renderCharacter(d)); }
    else if (me.seat === "house") { const d = await getJSON("/api/house"); keepFocus(() => renderHouse(d)); }
  } catch (e) { /* reconnecting */ }
  refreshing = false;
  if (again) { again = false; refreshPlayer(); }
}

async function playerPage() {
  follow((msg) => {
    if (!me || me.seat === "none" || !msg.doc || msg.doc === me.doc) refreshPlayer();
  });
  await refreshPlayer();
}

// ----- the Judge ------------------------------------------------------------------------------
async function refreshJudge() {
  let d;
  try { me = me || await getJSON("/api/me"); d = await getJSON("/api/judge"); } catch (e) { return; }
  const main = document.getElementById("judge");
  const act = (what, body) => post("/api/judge/" + what, body).then(refreshJudge, () => {});
  main.replaceChildren(
    el("div", { text: "Join code: " + d.join_code }), el("div", { cls: "hint", text: d.address }),
    el("img", { src: "/qr.svg", alt: "QR code of the join address", width: "220", height: "220" }),
    el("div", { cls: "opt" }, el("input", { type: "checkbox", id: "as-sent", checked: d.accept_as_sent,
      onchange: (e) => act("accept-as-sent", { on: e.target.checked }) }), el("label", { for: "as-sent", text: "Accept as sent" })),
    el("h2", { text: "Sent by the players" }),
    ...d.proposals.map((p) => el("div", { cls: "opt", "data-proposal": String(p.id) }, el("div", { cls: "what",
      text: (p.house ? "House " + p.house + ": " : "") + p.text + " — " + p.state + (p.reason ? " (" + p.reason + ")" : "") }),
      p.state === "sent" ? el("button", { cls: "accept", text: "Accept", onclick: () => act("accept", { id: p.id }) }) : null,
      p.state === "sent" ? el("button", { cls: "secondary", text: "Refuse", onclick: () => act("refuse", { id: p.id }) }) : null)),
    el("h2", { text: "Houses" }),
    ...d.houses.map((h) => el("div", { cls: "opt" }, el("input", { type: "checkbox", id: "hand-" + h.house, checked: h.handed,
      onchange: (e) => act("hand-over", { doc: h.doc, house: h.house, on: e.target.checked }) }),
      el("label", { for: "hand-" + h.house, text: "Hand House " + h.name + " its history choices" }))),
    el("h2", { text: "Connected" }),
    ...d.people.map((p) => el("div", { cls: "opt" }, el("div", { cls: "what", text: (p.name || "(no name yet)") + " · " + p.seat }),
      p.role !== "judge" ? el("button", { cls: "secondary", text: "Remove", onclick: () => act("remove", { id: p.id }) }) : null)));
}

async function judgePage() {
  follow(refreshJudge);
  await refreshJudge();
}

if (page === "table") tablePage();
else if (page === "player") playerPage();
else if (page === "judge") judgePage();
else if (page === "join") {
  const code = document.getElementById("code");
  if (code) code.focus();
}
