// The phone page: one seat's hand and choices, drawn from what the table sends.
//
// It knows no rule of the game: every label arrives rendered in this phone's language,
// every choice arrives described (widget kind, label, options), and a choice goes back by
// its ids with the state version it was made at. Text from the table (names above all) is
// inserted with textContent only. The link's secret (after '#') is handed over the socket
// as its first message and never sent anywhere else.
'use strict';

(function () {
  const PROTOCOL = 1;
  const RESEND_MS = 3000;
  const $ = (id) => document.getElementById(id);

  let ui = {};
  let languages = [];
  let lang = pickLanguage();
  let secret = readSecret();
  const device = deviceId();
  let ws = null;
  let seq = 0;
  const pending = new Map(); // seq -> the choose message, until acknowledged
  let state = null;
  let welcomed = false;
  let stopped = false;
  let retries = 0;
  let wasMine = false;
  let countdown = null;
  let joinCode = '';

  // ------------------------------------------------------------------ small helpers
  function readSecret() {
    const h = location.hash.slice(1);
    return /^[A-Za-z0-9_-]{22,64}$/.test(h) ? h : '';
  }

  function randomHex() {
    const a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  function deviceId() {
    try {
      let d = localStorage.getItem('uno-device') || '';
      if (!/^[0-9a-f]{32}$/.test(d)) {
        d = randomHex();
        localStorage.setItem('uno-device', d);
      }
      return d;
    } catch (e) {
      return randomHex();
    }
  }

  function pickLanguage() {
    try {
      const kept = localStorage.getItem('uno-lang');
      if (kept === 'en' || kept === 'fr') return kept;
    } catch (e) { /* private mode: ask the browser */ }
    for (const l of navigator.languages || [navigator.language || 'en']) {
      const code = String(l).slice(0, 2).toLowerCase();
      if (code === 'fr' || code === 'en') return code;
    }
    return 'en';
  }

  function text(key, fallback) {
    return Object.prototype.hasOwnProperty.call(ui, key) ? ui[key] : (fallback || '');
  }

  function el(tag, cls, content) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }

  function cardUrl(card) {
    return '/card/' + encodeURIComponent(card) + '.png';
  }

  function cardImage(card, cls) {
    const img = el('img', cls || 'card-img');
    img.alt = '';
    img.src = cardUrl(card);
    img.draggable = false;
    return img;
  }

  function faceImage(face) {
    const img = el('img', 'face');
    img.alt = '';
    if (face) img.src = '/face/' + encodeURIComponent(face) + '.png';
    else img.hidden = true;
    return img;
  }

  function show(section) {
    for (const id of ['join', 'message', 'game']) $(id).hidden = id !== section;
  }

  function say(message) {
    $('status').textContent = message || '';
  }

  function applyTexts() {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll('[data-text]')) {
      node.textContent = text(node.dataset.text);
    }
    document.title = text('title', 'UNO');
    const select = $('lang');
    select.replaceChildren();
    for (const l of languages) {
      const o = el('option', '', l.name);
      o.value = l.code;
      o.selected = l.code === lang;
      select.append(o);
    }
    select.setAttribute('aria-label', text('language_label'));
  }

  async function loadTexts() {
    try {
      const r = await fetch('/ui/' + lang + '.json', { cache: 'no-store' });
      const body = await r.json();
      ui = body.ui || {};
      languages = body.languages || [];
    } catch (e) { /* the welcome brings the texts too */ }
    applyTexts();
  }

  // ------------------------------------------------------------------ the socket
  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(Object.assign({ v: PROTOCOL }, message)));
      return true;
    }
    return false;
  }

  function connect(first) {
    if (ws) { try { ws.close(); } catch (e) { /* already closing */ } }
    stopped = false;
    welcomed = false;
    say(text('connecting'));
    const socket = new WebSocket('ws://' + location.host + '/ws?lang=' + lang);
    ws = socket;
    socket.onopen = () => {
      retries = 0;
      socket.send(JSON.stringify(Object.assign({ v: PROTOCOL }, first())));
    };
    socket.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      if (!msg || msg.v !== PROTOCOL) return;
      handle(msg);
    };
    socket.onclose = (event) => {
      if (ws !== socket) return;
      ws = null;
      if (stopped) return;
      if (event.code === 1009) {
        stop(text('too_big', ''));
        return;
      }
      if (!secret) {
        show('join');
        return;
      }
      say(text('reconnecting'));
      retries += 1;
      const wait = Math.min(10000, 500 * Math.pow(2, Math.min(retries, 5)));
      setTimeout(() => { if (!stopped && !ws) connect(hello); }, wait);
    };
  }

  function hello() {
    return { type: 'hello', secret: secret, device: device, lang: lang };
  }

  function join() {
    return { type: 'join', code: joinCode, device: device, lang: lang };
  }

  function stop(message, offerReconnect) {
    stopped = true;
    if (ws) { try { ws.close(); } catch (e) { /* gone */ } }
    ws = null;
    $('message-text').textContent = message;
    $('reconnect').hidden = !offerReconnect || !secret;
    show('message');
    say('');
  }

  function handle(msg) {
    switch (msg.type) {
      case 'welcome':
        welcomed = true;
        ui = msg.ui;
        languages = msg.languages;
        lang = msg.lang;
        applyTexts();
        settings(msg);
        say('');
        if (state) {
          render();
        } else {
          $('message-text').textContent = text('joined');
          $('reconnect').hidden = true;
          show('message');
        }
        for (const m of pending.values()) send(m);
        break;
      case 'granted':
        secret = msg.secret;
        history.replaceState(null, '', '#' + secret);
        break;
      case 'state':
        state = msg;
        show('game');
        render();
        break;
      case 'ack':
        pending.delete(msg.seq);
        if (!msg.ok) say(msg.message || '');
        else if (!pending.size) say('');
        if (state) render();
        break;
      case 'pending':
      case 'waiting':
        $('message-text').textContent = msg.message;
        $('reconnect').hidden = true;
        show('message');
        break;
      case 'refused':
        stopped = true;
        say('');
        if (msg.reason === 'bad_secret' || msg.reason === 'bad_code') {
          if (msg.reason === 'bad_secret') {
            secret = '';
            history.replaceState(null, '', location.pathname);
          }
          $('join-message').textContent = msg.message;
          show('join');
        } else {
          stop(msg.message, false);
        }
        break;
      case 'taken':
        stop(msg.message, false);
        break;
      case 'bye':
        if (msg.reason === 'renewed') {
          secret = '';
          history.replaceState(null, '', location.pathname);
          stopped = true;
          $('join-message').textContent = msg.message;
          show('join');
        } else {
          stop(msg.message, msg.reason !== 'closed');
        }
        break;
      case 'error':
        if (['flood', 'slow', 'too_big', 'auth_timeout', 'protocol'].includes(msg.code)) {
          stop(msg.message, true);
        } else {
          say(msg.message);
        }
        break;
      default:
        break;
    }
  }

  function choose(choice, option) {
    if (!state) return;
    seq += 1;
    const message = { type: 'choose', seq: seq, version: state.version, choice: choice.id,
                      option: option.id };
    pending.set(seq, message);
    say(text('sending'));
    send(message);
    const mine = seq;
    const retry = () => {
      if (!pending.has(mine)) return;
      send(pending.get(mine));
      setTimeout(retry, RESEND_MS);
    };
    setTimeout(retry, RESEND_MS);
    render();
  }

  // ------------------------------------------------------------------ drawing the state
  function optionButton(choice, option, big) {
    const b = el('button', 'opt opt-' + option.widget + (big ? ' big' : ''));
    b.type = 'button';
    b.setAttribute('aria-label', option.label);
    if (option.widget === 'colour' && option.colour) {
      b.classList.add('colour-' + option.colour);
      b.append(el('span', 'swatch colour-' + option.colour));
    } else if (option.card) {
      b.append(cardImage(option.card, 'card-img small'));
    } else if (option.widget === 'player' && option.face) {
      b.append(faceImage(option.face));
    }
    b.append(el('span', 'opt-label', option.label));
    const who = option.widget === 'player' && state
      ? state.players.find((p) => p.seat === option.player) : null;
    if (who) b.append(el('span', 'opt-note', who.cards_label));
    b.disabled = busy();
    b.addEventListener('click', () => choose(choice, option));
    return b;
  }

  function busy() {
    if (!state) return true;
    for (const m of pending.values()) if (m.version === state.version) return true;
    return false;
  }

  function render() {
    const s = state;
    $('game').dataset.version = String(s.version);
    $('headline').textContent = s.headline;
    document.body.classList.toggle('mine', s.mine);
    if (s.mine && !wasMine && navigator.vibrate) {
      try { navigator.vibrate([120, 60, 120]); } catch (e) { /* not allowed */ }
    }
    wasMine = s.mine;

    // the table
    const t = s.table;
    const top = $('top-card');
    if (t.top) {
      top.hidden = false;
      top.src = cardUrl(t.top);
      top.alt = t.top_label;
    } else {
      top.hidden = true;
    }
    $('colour-swatch').className = 'swatch' + (t.colour ? ' colour-' + t.colour : '');
    $('colour-text').textContent = t.colour_label;
    $('colour').hidden = !t.colour_label;
    $('stack').textContent = t.stack_label;
    $('stack').hidden = !t.stack_label;
    $('direction-arrow').textContent = t.direction > 0 ? '\u21bb' : '\u21ba';
    $('direction-text').textContent = t.direction_label;
    $('drawpile').textContent = t.draw_label;
    const trays = $('trays');
    trays.replaceChildren();
    for (const tray of t.trays) {
      const li = el('li', 'tray' + (tray.lit ? ' lit' : '') + (tray.light ? ' light-' + tray.light : ''));
      li.setAttribute('aria-label', tray.label);
      if (tray.top) li.append(cardImage(tray.top, 'card-img small'));
      li.append(el('span', 'tray-label', tray.label));
      trays.append(li);
    }
    trays.hidden = t.trays.length === 0;

    // the choices: the decision this seat owes on the hand and the buttons, UNO! on its
    // button, the others in the panel
    const onCards = new Map();
    const mainOptions = $('main-options');
    mainOptions.replaceChildren();
    const extra = $('extra');
    extra.replaceChildren();
    const uno = $('uno');
    uno.textContent = text('uno_button', 'UNO!');
    uno.disabled = true;
    uno.setAttribute('aria-label', text('uno_off', 'UNO!'));
    uno.onclick = null;
    let prompt = '';
    let deadline = null;
    for (const choice of s.choices) {
      if (choice.deadline !== null && deadline === null) deadline = choice.deadline;
      if (choice.slot === 'uno') {
        const option = choice.options[0];
        uno.disabled = busy();
        uno.setAttribute('aria-label', option.label);
        uno.onclick = () => choose(choice, option);
        continue;
      }
      let box = mainOptions;
      if (choice.slot === 'main') {
        prompt = choice.label;
      } else {
        const group = el('fieldset', 'choice');
        group.append(el('legend', '', choice.label));
        extra.append(group);
        box = group;
      }
      for (const option of choice.options) {
        if (option.in_hand) {
          if (!onCards.has(option.card)) onCards.set(option.card, []);
          onCards.get(option.card).push([choice, option]);
        } else {
          box.append(optionButton(choice, option, choice.slot === 'main'));
        }
      }
    }
    $('bigbar').hidden = s.over;
    $('prompt-label').textContent = prompt;
    $('prompt').hidden = !prompt && !mainOptions.childElementCount;
    startCountdown(deadline);

    // the hand
    $('hand-label').textContent = s.hand_label;
    const hand = $('hand');
    hand.replaceChildren();
    for (const c of s.hand) {
      const li = el('li');
      const b = el('button', 'card');
      b.type = 'button';
      b.append(cardImage(c.card));
      const options = onCards.get(c.card) || [];
      if (options.length) {
        b.classList.add('playable');
        b.setAttribute('aria-label', options.length === 1 ? options[0][1].label : c.label);
        b.disabled = busy();
        b.addEventListener('click', () => {
          if (options.length === 1) choose(options[0][0], options[0][1]);
          else pick(options);
        });
      } else {
        b.setAttribute('aria-disabled', 'true');
        b.setAttribute('aria-label', s.mine ? text('cannot_play').replace('{card}', c.label)
                                            : c.label);
      }
      li.append(b);
      hand.append(li);
    }

    // what a rule showed this seat alone
    const shown = $('revealed');
    shown.hidden = !s.revealed;
    if (s.revealed) {
      $('revealed-label').textContent = s.revealed.label;
      const list = $('revealed-cards');
      list.replaceChildren();
      for (const c of s.revealed.cards) {
        const li = el('li');
        const img = cardImage(c.card, 'card-img small');
        img.alt = c.label;
        li.append(img);
        list.append(li);
      }
    }

    // the players (and this phone's own name and face in the top bar)
    const self = s.players.find((p) => p.me);
    if (self) {
      $('me-name').textContent = self.name;
      const meFace = $('me-face');
      if (self.face) {
        meFace.src = '/face/' + encodeURIComponent(self.face) + '.png';
        meFace.hidden = false;
      }
    }
    const players = $('players');
    players.replaceChildren();
    for (const p of s.players) {
      const li = el('li', 'player' + (p.turn ? ' turn' : '') + (p.me ? ' me' : ''));
      li.append(faceImage(p.face));
      li.append(el('span', 'name', p.name + (p.me ? ' ' + text('you') : '')));
      li.append(el('span', 'count', p.cards_label));
      const notes = [];
      if (p.phone === 'connected') notes.push(text('phone_connected'));
      if (p.phone === 'away') notes.push(text('phone_away'));
      if (p.uno) notes.push(text('owes_uno'));
      if (notes.length) li.append(el('span', 'note', notes.join(' · ')));
      li.setAttribute('aria-current', p.turn ? 'true' : 'false');
      players.append(li);
    }

    // the captions, newest last
    const log = $('log');
    log.replaceChildren();
    for (const line of s.captions) log.append(el('li', '', line));
  }

  function pick(options) {
    const dialog = $('picker');
    const box = $('picker-options');
    box.replaceChildren();
    for (const [choice, option] of options) {
      const b = optionButton(choice, option, true);
      b.addEventListener('click', () => dialog.close());
      box.append(b);
    }
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute('open', '');
  }

  function startCountdown(seconds) {
    if (countdown) clearInterval(countdown);
    countdown = null;
    const node = $('countdown');
    if (seconds === null || seconds === undefined) {
      node.hidden = true;
      return;
    }
    const end = performance.now() + seconds * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
      node.textContent = text('seconds_left').replace('{seconds}', String(left));
      node.hidden = false;
      if (left <= 0 && countdown) { clearInterval(countdown); countdown = null; }
    };
    tick();
    countdown = setInterval(tick, 250);
  }

  function settings(msg) {
    const nameBox = $('name');
    if (document.activeElement !== nameBox) nameBox.value = msg.name || '';
    $('me-name').textContent = msg.name || '';
    const meFace = $('me-face');
    if (msg.face) { meFace.src = '/face/' + encodeURIComponent(msg.face) + '.png'; meFace.hidden = false; }
    const faces = $('faces');
    faces.replaceChildren();
    for (const f of msg.faces) {
      const b = el('button', 'face-button');
      b.type = 'button';
      b.setAttribute('aria-label', f.label);
      b.setAttribute('aria-pressed', f.id === msg.face ? 'true' : 'false');
      b.append(faceImage(f.id));
      b.addEventListener('click', () => {
        send({ type: 'face', face: f.id });
        for (const other of faces.children) other.setAttribute('aria-pressed', 'false');
        b.setAttribute('aria-pressed', 'true');
        meFace.src = '/face/' + encodeURIComponent(f.id) + '.png';
        meFace.hidden = false;
      });
      faces.append(b);
    }
  }

  // ------------------------------------------------------------------ controls
  $('join-form').addEventListener('submit', (event) => {
    event.preventDefault();
    joinCode = $('code').value.trim();
    if (!joinCode) return;
    $('join-message').textContent = '';
    connect(join);
  });

  $('name-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $('name').value.trim();
    if (name) {
      send({ type: 'name', name: name });
      $('me-name').textContent = name;
    }
  });

  $('lang').addEventListener('change', () => {
    lang = $('lang').value;
    try { localStorage.setItem('uno-lang', lang); } catch (e) { /* not kept */ }
    if (!send({ type: 'lang', lang: lang })) loadTexts();
  });

  $('reconnect').addEventListener('click', () => { if (secret) connect(hello); });
  $('picker-cancel').addEventListener('click', () => $('picker').close());

  loadTexts().then(() => {
    if (secret) connect(hello);
    else show('join');
  });
})();
