// Tablekeeper's shared table, in the browser of a phone, a tablet or a TV.
// The host is the only writer: this page shows what the host streams, and
// sends taps as numbered intents. A tap is kept in this browser (across a
// reload) until the host has answered it, shown as waiting until then, and
// never as done before the host said so.
'use strict';
(function () {
  var PROTOCOL = String(document.body.getAttribute('data-protocol'));
  var MODE = document.body.getAttribute('data-mode');
  var STALE = 10000; // a device's record not touched for this long has no open tab
  var KEEP_TAPS = 30;
  var KEEP_LINES = 100;
  var ls = window.localStorage;
  var tab = sessionStorage.getItem('tk.tab') || rnd();
  sessionStorage.setItem('tk.tab', tab);

  var dev = null;      // this tab's device: {device, key, share, campaign, name, seq, taps, tab, beat}
  var push = null;     // the host's last push
  var lines = [];      // the Log, oldest first
  var lastSeq = null;  // the last event this page has
  var conn = 'opening';
  var connWords = '';
  var stopped = false;
  var sending = false;
  var sendWait = 0;
  var streamWait = 0;
  var streamCtl = null;
  var joinToken = '';
  var joinCode = '';
  var joinSeats = null;
  var joinTitle = '';
  var joinError = '';
  var notices = [];
  var boardSeq = -1;
  var boardURL = '';
  var drafting = '';

  function rnd() {
    var a = new Uint8Array(12);
    (window.crypto || window.msCrypto).getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  // el builds an element; text is always text, never markup.
  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === 'text') e.textContent = v;
        else if (k === 'class') e.className = v;
        else if (k.slice(0, 2) === 'on') e.addEventListener(k.slice(2), v);
        else e.setAttribute(k, v === true ? '' : v);
      });
    }
    (kids || []).forEach(function (c) { if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }

  // ---- The device, kept in this browser ----

  function recKey(id) { return 'tk.dev.' + id; }

  function records() {
    var out = [];
    for (var i = 0; i < ls.length; i++) {
      var k = ls.key(i);
      if (k && k.indexOf('tk.dev.') === 0) {
        try { out.push(JSON.parse(ls.getItem(k))); } catch (e) { /* a damaged record is skipped */ }
      }
    }
    return out.filter(function (r) { return r && r.device && r.key; });
  }

  // save keeps the device and its taps, unless another tab took it over
  // (this one was asleep): then this tab stops sending.
  function save() {
    if (!dev) return true;
    var cur = null;
    try { cur = JSON.parse(ls.getItem(recKey(dev.device))); } catch (e) { cur = null; }
    if (cur && cur.tab !== tab && Date.now() - cur.beat < STALE) {
      dev = null;
      notices = [{ bad: true, text: 'This device\'s page is open in another tab: use that one, or close it and reload this one.' }];
      setConn('off', 'Open in another tab');
      render();
      return false;
    }
    dev.tab = tab;
    dev.beat = Date.now();
    try {
      ls.setItem(recKey(dev.device), JSON.stringify(dev));
    } catch (e) {
      notices = [{ bad: true, text: 'This browser will not keep this page\'s taps (its storage is full or switched off): taps made now are lost if the page reloads.' }];
    }
    return true;
  }

  function forget(id) { ls.removeItem(recKey(id)); }

  // pick finds the record this tab holds, or one no open tab holds.
  function pick() {
    var rs = records();
    var mine = rs.filter(function (r) { return r.tab === tab; });
    if (mine.length) return mine[0];
    var free = rs.filter(function (r) { return Date.now() - (r.beat || 0) > STALE; });
    free.sort(function (a, b) { return (b.beat || 0) - (a.beat || 0); });
    return free[0] || null;
  }

  // ---- Talking to the host ----

  function headers(json) {
    var h = { 'X-Tablekeeper-Protocol': PROTOCOL };
    if (dev) h.Authorization = 'Device ' + dev.key;
    if (json) h['Content-Type'] = 'application/json';
    return h;
  }

  function post(path, body) {
    return fetch(path, { method: 'POST', headers: headers(true), body: JSON.stringify(body), cache: 'no-store' });
  }

  function answerOf(res) {
    return res.json().catch(function () { return { reason: 'failed', words: 'The host\'s answer could not be read.' }; });
  }

  // problem handles what every request may be told instead of an answer.
  function problem(p) {
    switch (p.reason) {
      case 'version':
        // One reload fetches the host's own page; another within half a
        // minute would be a loop, so the page then only watches.
        if (Date.now() - (+sessionStorage.getItem('tk.reloaded') || 0) > 30000) {
          sessionStorage.setItem('tk.reloaded', String(Date.now()));
          location.reload();
        } else {
          setConn('watch', 'Watch only');
          notices = [{ bad: true, text: 'This page is from another version of Tablekeeper than the host\'s, and reloading did not help: taps are kept here but not sent. Close this page and open the host\'s address again.' }];
          stopped = true;
          render();
        }
        return true;
      case 'stopped':
        hostStopped(p.words);
        return true;
      case 'key':
      case 'campaign':
        notJoined(p.words);
        return true;
    }
    return false;
  }

  function hostStopped(words) {
    stopped = true;
    if (streamCtl) streamCtl.abort();
    unsent('Not sent: the host stopped sharing.');
    setConn('off', 'The host stopped sharing');
    notices = [{ bad: true, text: (words || 'The host stopped sharing this table.') + ' If it shares again, join with its new code.' }];
    if (dev) forget(dev.device);
    var keep = dev;
    dev = null;
    showJoin(keep);
  }

  function notJoined(words) {
    if (streamCtl) streamCtl.abort();
    unsent('Not sent: this device is no longer joined to the table.');
    notices = [{ bad: true, text: words || 'This device is not joined to this table.' }];
    if (dev) forget(dev.device);
    var keep = dev;
    dev = null;
    setConn('off', 'Not joined');
    showJoin(keep);
  }

  // unsent marks the taps still waiting as never sent: they did not count.
  function unsent(words) {
    if (!dev) return;
    dev.taps.forEach(function (t) { if (t.state === 'pending') { t.state = 'unsent'; t.words = words; } });
    var left = dev.taps.filter(function (t) { return t.state === 'unsent'; });
    if (left.length) {
      notices.push({ bad: true, text: left.length + (left.length === 1 ? ' tap was' : ' taps were') + ' not sent and did not count: ' + left.map(function (t) { return t.label; }).join(', ') + '.' });
    }
  }

  // ---- Joining ----

  function start() {
    var m = /(?:^#|&)join=([A-Za-z0-9_-]{16,64})/.exec(location.hash);
    if (m) {
      joinToken = m[1];
      history.replaceState(null, '', location.pathname);
    }
    var r = pick();
    if (!r) { showJoin(null); return; }
    dev = r;
    dev.taps = dev.taps || [];
    dev.seq = dev.seq || 0;
    if (!save()) return;
    setConn('wait', 'Connecting…');
    render();
    hello();
  }

  // hello asks the host who this device is, then opens the stream and
  // sends what waits.
  function hello() {
    if (!dev) return;
    fetch('/api/me', { headers: headers(false), cache: 'no-store' }).then(function (res) {
      return answerOf(res).then(function (a) {
        if (!res.ok) {
          if (problem(a)) return;
          retryHello(a.words);
          return;
        }
        dev.share = a.share; dev.campaign = a.campaign; dev.name = a.you.name;
        save();
        openStream();
        sendNext();
      });
    }, function () { retryHello(); });
  }

  function retryHello(words) {
    setConn('wait', 'Reconnecting…');
    if (words) connWords = words;
    render();
    setTimeout(hello, backoff('hello'));
  }

  var waits = {};
  function backoff(what) {
    waits[what] = Math.min((waits[what] || 250) * 2, 5000);
    return waits[what];
  }

  function showJoin(old) {
    joinSeats = null;
    joinError = '';
    if (joinToken) askSeats();
    renderJoin(old);
  }

  function askSeats() {
    joinError = '';
    post('/api/seats', { protocol: +PROTOCOL, code: joinCode, token: joinToken, name: '', seat: '' }).then(function (res) {
      return answerOf(res).then(function (a) {
        if (!res.ok) {
          if (a.reason === 'version') { problem(a); return; }
          if (a.reason === 'code') joinToken = '';
          joinError = a.words;
          renderJoin();
          return;
        }
        joinSeats = a.seats || [];
        joinTitle = a.title;
        renderJoin();
      });
    }, function () { joinError = 'The host did not answer: is this phone on the table\'s network?'; renderJoin(); });
  }

  function join(name, seat) {
    ls.setItem('tk.name', name);
    post('/api/join', { protocol: +PROTOCOL, code: joinCode, token: joinToken, name: name, seat: seat }).then(function (res) {
      return answerOf(res).then(function (a) {
        if (!res.ok) {
          if (a.reason === 'version') { problem(a); return; }
          joinError = a.words;
          renderJoin();
          return;
        }
        dev = { device: a.device, key: a.key, share: a.share, campaign: a.campaign, name: a.you.name, seq: 0, taps: [] };
        stopped = false;
        notices = notices.filter(function (n) { return !n.bad || /not sent/.test(n.text); });
        joinToken = ''; joinCode = '';
        save();
        setConn('wait', 'Connecting…');
        render();
        openStream();
      });
    }, function () { joinError = 'The host did not answer: is this phone on the table\'s network?'; renderJoin(); });
  }

  // ---- The stream ----

  function openStream() {
    if (!dev || stopped) return;
    if (streamCtl) streamCtl.abort();
    var ctl = typeof AbortController !== 'undefined' ? new AbortController() : null;
    streamCtl = ctl;
    var h = headers(false);
    if (lastSeq !== null) h['Last-Event-ID'] = String(lastSeq);
    fetch('/api/stream', { headers: h, cache: 'no-store', signal: ctl ? ctl.signal : undefined }).then(function (res) {
      if (!res.ok) {
        return answerOf(res).then(function (a) {
          if (!problem(a)) streamLost(a.words);
        });
      }
      waits.stream = 0;
      return readStream(res.body.getReader(), ctl);
    }).then(function () {
      if (streamCtl === ctl) streamLost();
    }, function () {
      if (streamCtl === ctl) streamLost();
    });
  }

  function streamLost(words) {
    if (stopped || !dev) return;
    setConn('wait', 'Reconnecting…');
    connWords = words || '';
    render();
    setTimeout(openStream, backoff('stream'));
  }

  function readStream(reader, ctl) {
    var dec = new TextDecoder();
    var buf = '';
    function pump() {
      return reader.read().then(function (r) {
        if (r.done || streamCtl !== ctl) return;
        buf += dec.decode(r.value, { stream: true });
        var i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          var block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          var ev = 'message', data = '';
          block.split('\n').forEach(function (line) {
            if (line.indexOf('event: ') === 0) ev = line.slice(7);
            else if (line.indexOf('data: ') === 0) data += line.slice(6);
          });
          if (data) onEvent(ev, data);
        }
        return pump();
      });
    }
    return pump();
  }

  function onEvent(ev, data) {
    var p;
    try { p = JSON.parse(data); } catch (e) { return; }
    if (ev === 'stopped') { hostStopped(p.words); return; }
    if (ev === 'removed') { notJoined(p.words); return; }
    if (ev !== 'table') return;
    push = p;
    if (p.fresh) lines = p.lines.slice();
    else lines = lines.concat(p.lines);
    if (lines.length > KEEP_LINES) lines = lines.slice(lines.length - KEEP_LINES);
    lastSeq = p.seq;
    document.title = p.title;
    waits.stream = 0;
    if (p.you.role === 'watch') setConn('watch', 'Watch only');
    else if (!p.you.seat) setConn('ok', 'Watching');
    else setConn('ok', 'Connected');
    connWords = '';
    render();
    sendNext();
  }

  // ---- Taps ----

  function actionKey(a) { return JSON.stringify([a.name, a.figure || '', a.arg || '', a.n || 0]); }

  // tap keeps a tap, then sends it: it waits here until the host answers.
  function tap(action, label) {
    if (!dev) return;
    dev.seq += 1;
    var t = { seq: dev.seq, action: action, label: label, state: 'pending', words: '', line: '', at: Date.now(), k: actionKey(action) };
    dev.taps.push(t);
    trimTaps();
    if (!save()) return;
    render();
    sendNext();
  }

  function trimTaps() {
    var done = dev.taps.filter(function (t) { return t.state !== 'pending'; });
    while (dev.taps.length > KEEP_TAPS && done.length) {
      var drop = done.shift();
      dev.taps.splice(dev.taps.indexOf(drop), 1);
    }
  }

  // sendNext sends the oldest tap waiting, one at a time, in order.
  function sendNext() {
    if (!dev || sending || stopped) return;
    var t = null;
    for (var i = 0; i < dev.taps.length; i++) if (dev.taps[i].state === 'pending') { t = dev.taps[i]; break; }
    if (!t) return;
    sending = true;
    var mine = dev;
    post('/api/command', { seq: t.seq, campaign: dev.campaign || '', action: t.action }).then(function (res) {
      return answerOf(res).then(function (a) {
        sending = false;
        if (dev !== mine) return;
        if (res.ok) {
          sendWait = 0;
          waits.send = 0;
          if (a.status === 'renumber') {
            dev.seq += 1;
            t.seq = dev.seq;
          } else if (a.seq === t.seq) {
            t.state = a.status;
            t.words = a.words || '';
            t.line = a.line || '';
            t.at = Date.now();
          }
          save();
          render();
          sendNext();
          return;
        }
        if (problem(a)) return;
        if (res.status === 400 || res.status === 413) {
          t.state = 'refused';
          t.words = a.words;
          save();
          render();
          sendNext();
          return;
        }
        t.words = a.words || '';
        save();
        render();
        setTimeout(sendNext, backoff('send'));
      });
    }, function () {
      sending = false;
      if (dev !== mine) return;
      t.words = 'The host did not answer: it waits here and is sent when the host is back.';
      setConn('wait', 'Reconnecting…');
      render();
      setTimeout(sendNext, backoff('send'));
    });
  }

  function setSeat(seat) {
    post('/api/seat', { seat: seat }).then(function (res) {
      return answerOf(res).then(function (a) {
        if (!res.ok) { if (!problem(a)) { notices = [{ bad: true, text: a.words }]; render(); } }
      });
    }, function () { notices = [{ bad: true, text: 'The host did not answer: try again in a moment.' }]; render(); });
  }

  // ---- Heartbeat: this tab holds its device while it is open ----

  setInterval(function () { if (dev) save(); }, 2000);
  window.addEventListener('online', function () { waits = {}; if (dev) { sendNext(); if (conn !== 'ok') openStream(); } });
  document.addEventListener('visibilitychange', function () {
    if (!document.hidden && dev) { save(); if (conn !== 'ok' && conn !== 'watch') { waits = {}; openStream(); } sendNext(); }
  });

  // ---- Showing it ----

  function setConn(kind, words) {
    conn = kind;
    var c = document.getElementById('conn');
    c.className = 'conn conn-' + kind;
    c.textContent = words;
  }

  function render() {
    if (!dev) return;
    var main = document.getElementById('main');
    main.className = '';
    if (push) document.getElementById('title').textContent = push.title;
    var kids = MODE === 'table' ? renderTable() : renderPhone();
    var focus = document.activeElement && document.activeElement.id;
    var draft = document.getElementById('note');
    if (draft) drafting = draft.value;
    // A card with nothing to show is null: never let the page print it.
    main.replaceChildren.apply(main, kids.filter(Boolean));
    var n = document.getElementById('note');
    if (n) n.value = drafting;
    if (focus && document.getElementById(focus)) document.getElementById(focus).focus();
  }

  function noticeEls() {
    var out = notices.map(function (n) { return el('p', { class: 'notice' + (n.bad ? ' bad' : ''), text: n.text }); });
    var waiting = dev ? dev.taps.filter(function (t) { return t.state === 'pending'; }) : [];
    if (waiting.length) {
      out.unshift(el('p', { class: 'waiting', role: 'status' }, [
        el('strong', { text: waiting.length === 1 ? '1 tap is waiting for the host: ' : waiting.length + ' taps are waiting for the host: ' }),
        waiting.map(function (t) { return t.label; }).join(', ') + '. ' + (waiting.length === 1 ? 'It is' : 'They are') + ' kept on this device and sent as soon as the host answers; nothing counts until then.']));
    }
    if (connWords && conn !== 'ok') out.push(el('p', { class: 'notice', text: connWords }));
    return out;
  }

  // latest is the newest tap of an action, while it is worth showing
  // beside its control.
  function latest(k) {
    if (!dev) return null;
    for (var i = dev.taps.length - 1; i >= 0; i--) {
      var t = dev.taps[i];
      if (t.k !== k) continue;
      if (t.state === 'pending' || Date.now() - t.at < 30000) return t;
      return null;
    }
    return null;
  }

  function answerEl(t) {
    if (!t) return null;
    var words = {
      pending: 'Waiting for the host…' + (t.words ? ' ' + t.words : ''),
      accepted: 'Done: ' + t.line,
      refused: 'Refused: ' + t.words,
      unknown: 'Not known: ' + t.words,
      unsent: t.words
    }[t.state] || t.words;
    return el('span', { class: 'answer ' + t.state, role: 'status', text: words });
  }

  // A press and hold under way: kept outside the button, since a push from
  // the host may redraw the page mid-hold; letting go anywhere ends it.
  var holding = null;
  function unhold() {
    if (holding) { clearTimeout(holding.timer); holding = null; }
    Array.prototype.forEach.call(document.querySelectorAll('.holding'), function (x) { x.classList.remove('holding'); });
  }
  ['pointerup', 'pointercancel', 'keyup', 'blur'].forEach(function (ev) { window.addEventListener(ev, unhold, true); });

  // button is a tap on an action; a Hold one needs a press and hold.
  function button(label, action, opts) {
    opts = opts || {};
    var k = actionKey(action);
    var b;
    if (opts.hold) {
      b = el('button', { class: 'hold ' + (opts.cls || '') + (holding && holding.k === k ? ' holding' : ''), 'data-k': k, 'aria-label': label + ' (press and hold)' }, [el('span', { class: 'fill' }), label, el('span', { class: 'sub', text: 'Press and hold' })]);
      var begin = function (e) {
        if (e.type === 'keydown' && e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        if (holding) return;
        b.classList.add('holding');
        holding = { k: k, timer: setTimeout(function () { holding = null; unhold(); tap(action, opts.what || label); }, 700) };
      };
      b.addEventListener('pointerdown', begin);
      b.addEventListener('keydown', begin);
      b.addEventListener('pointerleave', unhold);
      b.addEventListener('contextmenu', function (e) { e.preventDefault(); });
    } else {
      b = el('button', { class: opts.cls || '', 'data-k': k, 'aria-label': opts.aria || null, onclick: function () { tap(action, opts.what || label); } }, [label]);
    }
    if (opts.disabled) b.disabled = true;
    return b;
  }

  function renderPhone() {
    var out = noticeEls();
    if (!push) {
      out.push(el('p', { class: 'dim', text: 'Waiting for the table…' }));
      out.push(tapsCard());
      return out;
    }
    var v = push.view || {};
    var you = push.you;
    var canPlay = you.role === 'play';
    out.push(el('h1', { text: v.heading || push.title }));
    if (you.role === 'watch') out.push(el('p', { class: 'notice', text: 'The host made this device watch only: its taps are not taken.' }));
    var figs = v.figures || [];
    var mine = figs.filter(function (f) { return you.seat && f.seat === you.seat; });
    var others = figs.filter(function (f) { return !(you.seat && f.seat === you.seat); });
    mine.forEach(function (f) { out.push(figureCard(f, canPlay, true)); });
    var steps = v.steps || [];
    if (steps.length) {
      var sc = el('div', { class: 'card' }, [el('h3', { text: 'Steps' })]);
      steps.forEach(function (c) { stepEl(sc, c, canPlay); });
      out.push(sc);
    }
    if (v.decision) out.push(decisionCard(v.decision));
    if ((v.tracks || []).length) {
      var tc = el('div', { class: 'card' });
      v.tracks.forEach(function (t) { tc.appendChild(trackEl(t)); });
      out.push(tc);
    }
    if (others.length) {
      out.push(el('h2', { text: mine.length ? 'The others' : 'The figures' }));
      var oc = el('div', { class: 'others' });
      others.forEach(function (f) { oc.appendChild(figureCard(f, false, false)); });
      out.push(oc);
    }
    out.push(noteCard(canPlay));
    out.push(tapsCard());
    if ((v.diary || []).length) {
      out.push(el('h2', { text: 'Diary' }));
      out.push(el('div', { class: 'card' }, [el('ul', { class: 'lines' }, v.diary.map(function (d) { return el('li', { text: d }); }))]));
    }
    out.push(el('h2', { text: 'Log' }));
    out.push(el('div', { class: 'card' }, [logList(12)]));
    out.push(seatCard());
    return out;
  }

  function figureCard(f, edit, mine) {
    var c = el('div', { class: 'card' + (mine ? ' mine' : '') });
    c.appendChild(el('h3', { text: f.name }));
    if (f.down) c.appendChild(el('p', { class: 'down', text: f.down }));
    (f.stats || []).forEach(function (s) {
      var val = el('span', { class: 'val' }, [String(s.value), s.max ? el('span', { class: 'max', text: ' / ' + s.max }) : null]);
      var row = el('div', { class: 'stat' }, [
        el('span', { class: 'lbl' }, [s.label, s.text ? el('span', { class: 'txt', text: s.text }) : null]),
        edit && s.minus ? button('−', s.minus, { what: s.label + ' −1 for ' + f.name, aria: s.label + ' down by one' }) : null,
        val,
        edit && s.plus ? button('+', s.plus, { what: s.label + ' +1 for ' + f.name, aria: s.label + ' up by one' }) : null
      ]);
      c.appendChild(row);
      if (edit) {
        var ta = latestOf([s.minus, s.plus]);
        if (ta) c.appendChild(answerEl(ta));
      }
    });
    if ((f.tags || []).length) {
      var tags = el('div', { class: 'tags' });
      f.tags.forEach(function (t) {
        if (edit && t.remove) {
          tags.appendChild(el('span', { class: 'tag' }, [t.label, button('×', t.remove, { what: 'Remove ' + t.label + ' from ' + f.name, aria: 'Remove ' + t.label })]));
        } else {
          tags.appendChild(el('span', { class: 'tag ro', text: t.label }));
        }
      });
      c.appendChild(tags);
      if (edit) { var tt = latestOf(f.tags.map(function (t) { return t.remove; })); if (tt) c.appendChild(answerEl(tt)); }
    }
    if (edit && (f.add || []).length) {
      var d = el('details', {}, [el('summary', { text: 'Add…' })]);
      var ch = el('div', { class: 'choices' });
      f.add.forEach(function (x) { ch.appendChild(button(x.label, x.action, { what: 'Add ' + x.label + ' to ' + f.name })); });
      d.appendChild(ch);
      c.appendChild(d);
      var ta2 = latestOf(f.add.map(function (x) { return x.action; }));
      if (ta2) c.appendChild(answerEl(ta2));
    }
    if ((f.lines || []).length) c.appendChild(el('ul', { class: 'lines' }, f.lines.map(function (l) { return el('li', { text: l }); })));
    if (edit) (f.controls || []).forEach(function (ctl) { stepEl(c, ctl, true); });
    return c;
  }

  function latestOf(actions) {
    var best = null;
    actions.forEach(function (a) {
      if (!a) return;
      var t = latest(actionKey(a));
      if (t && (!best || t.seq > best.seq)) best = t;
    });
    return best;
  }

  function stepEl(parent, c, canPlay) {
    if (c.why) {
      parent.appendChild(el('p', { class: 'dim' }, [el('strong', { text: c.label + ': ' }), c.why]));
      return;
    }
    var blocked = !canPlay || (c.resolve && !push.allowResolve);
    parent.appendChild(button(c.label, c.action, { hold: c.hold, cls: 'step', disabled: blocked }));
    if (c.resolve && !push.allowResolve) parent.appendChild(el('p', { class: 'dim', text: 'The host plays the enemy\'s steps at this table.' }));
    var t = latest(actionKey(c.action));
    if (t) parent.appendChild(answerEl(t));
  }

  function trackEl(t) {
    var span = t.max - t.min;
    var pct = span > 0 ? Math.max(0, Math.min(100, (t.value - t.min) * 100 / span)) : 0;
    var fill = el('i');
    fill.style.width = pct + '%'; // through the style object: the page's rules allow no inline style
    return el('div', { class: 'track' }, [
      el('div', { class: 'top' }, [el('span', { text: t.label }), el('strong', { text: t.text || (t.max ? t.value + ' of ' + t.max : String(t.value)) })]),
      span > 0 ? el('div', { class: 'bar', role: 'img', 'aria-label': t.label + ' ' + t.value }, [fill]) : null
    ]);
  }

  function decisionCard(d) {
    return el('div', { class: 'card decision' }, [
      el('h3', { text: 'The enemy\'s decision' }),
      el('p', { text: d.title }),
      (d.why || []).length ? el('details', { open: MODE === 'table' }, [el('summary', { text: 'Why' }), el('ol', { class: 'why' }, d.why.map(function (w) { return el('li', { text: w }); }))]) : null
    ]);
  }

  function logList(n) {
    var shown = lines.slice(-n).reverse();
    if (!shown.length) return el('p', { class: 'dim', text: 'Nothing in the Log yet.' });
    return el('ul', { class: 'log' }, shown.map(function (l) {
      var meta = [l.where, l.by ? 'from ' + l.by : ''].filter(Boolean).join(' · ');
      return el('li', {}, [l.text, meta ? el('span', { class: 'meta', text: meta }) : null]);
    }));
  }

  function noteCard(canPlay) {
    var c = el('div', { class: 'card' }, [el('h3', { text: 'Note and undo' })]);
    var ta = el('textarea', { id: 'note', rows: '2', maxlength: '4000', placeholder: 'A note for the campaign', 'aria-label': 'A note for the campaign' });
    c.appendChild(ta);
    var send = el('button', { class: 'primary', onclick: function () {
      var text = (document.getElementById('note').value || '').trim();
      if (!text) return;
      drafting = '';
      document.getElementById('note').value = '';
      tap({ name: 'note', arg: text }, 'Note: ' + (text.length > 40 ? text.slice(0, 40) + '…' : text));
    } }, ['Add the note']);
    send.disabled = !canPlay;
    var undo = button('Undo my last', { name: 'undo' }, { what: 'Undo my last', disabled: !canPlay });
    c.appendChild(el('div', { class: 'row' }, [send, undo]));
    var t = latest(actionKey({ name: 'undo' }));
    if (t) c.appendChild(answerEl(t));
    return c;
  }

  function tapsCard() {
    if (!dev || !dev.taps.length) return null;
    var shown = dev.taps.slice(-6).reverse();
    return el('div', { class: 'card' }, [el('h3', { text: 'Your taps' }), el('ul', { class: 'taps' }, shown.map(function (t) {
      return el('li', {}, [el('span', { class: 'what', text: t.label }), answerEl(t)]);
    }))]);
  }

  function seatCard() {
    var you = push.you;
    var seats = push.seats || [];
    var c = el('div', { class: 'card seatpick' }, [el('h3', { text: 'This device' })]);
    var seatName = 'just watching';
    seats.forEach(function (s) { if (s.id === you.seat) seatName = s.name; });
    c.appendChild(el('p', { text: you.name + ' · ' + seatName }));
    if (seats.length) {
      var d = el('details', {}, [el('summary', { text: 'Sit somewhere else' })]);
      seats.forEach(function (s) {
        d.appendChild(el('button', { class: s.id === you.seat ? 'on' : '', onclick: function () { setSeat(s.id); } }, [s.name + (s.kind ? ' · ' + s.kind : '')]));
      });
      d.appendChild(el('button', { class: you.seat ? '' : 'on', onclick: function () { setSeat(''); } }, ['Just watch']));
      c.appendChild(d);
    }
    return c;
  }

  function renderTable() {
    if (!push) return noticeEls().concat([el('p', { class: 'dim', text: 'Waiting for the table…' })]);
    var v = push.view || {};
    var left = el('div', { class: 'col' }, noticeEls().concat([el('h1', { text: v.heading || push.title })]));
    (v.tracks || []).forEach(function (t) { left.appendChild(trackEl(t)); });
    if (v.decision) left.appendChild(decisionCard(v.decision));
    var mid = el('div', { class: 'col' });
    var figs = el('div', { class: 'figs' });
    (v.figures || []).forEach(function (f) { figs.appendChild(figureCard(f, false, false)); });
    // With a board the board has the middle, and the figures go under
    // the tracks; without, the figures have it.
    if (boardURL) {
      mid.appendChild(el('img', { class: 'board', src: boardURL, alt: 'The board' }));
      left.appendChild(figs);
    } else {
      mid.appendChild(figs);
    }
    if ((v.diary || []).length) {
      mid.appendChild(el('h2', { text: 'Diary' }));
      mid.appendChild(el('div', { class: 'card' }, [el('ul', { class: 'lines' }, v.diary.map(function (d) { return el('li', { text: d }); }))]));
    }
    var right = el('div', { class: 'col' }, [el('h2', { text: 'Log' }), el('div', { class: 'card' }, [logList(40)])]);
    if (boardSeq !== push.seq) loadBoard(push.seq);
    return [left, mid, right];
  }

  function loadBoard(seq) {
    boardSeq = seq;
    var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? '1' : '0';
    var w = Math.round(Math.max(320, window.innerWidth - 720) * (window.devicePixelRatio || 1));
    var h = Math.round(Math.max(240, window.innerHeight - 80) * (window.devicePixelRatio || 1));
    fetch('/api/board?w=' + w + '&h=' + h + '&dark=' + dark, { headers: headers(false), cache: 'no-store' }).then(function (res) {
      if (res.status !== 200) { if (boardURL) { URL.revokeObjectURL(boardURL); boardURL = ''; render(); } return null; }
      return res.blob();
    }).then(function (b) {
      if (!b || boardSeq !== seq) return;
      if (boardURL) URL.revokeObjectURL(boardURL);
      boardURL = URL.createObjectURL(b);
      render();
    }, function () { boardSeq = -1; });
  }

  // ---- Joining, shown ----

  function renderJoin(old) {
    var main = document.getElementById('main');
    main.className = 'joining';
    document.getElementById('title').textContent = joinTitle || 'Tablekeeper';
    if (!stopped) setConn('wait', 'Not joined');
    var out = notices.map(function (n) { return el('p', { class: 'notice' + (n.bad ? ' bad' : ''), text: n.text }); });
    if (old && old.taps && old.taps.length) {
      out.push(el('div', { class: 'card' }, [el('h3', { text: 'Your taps before' }), el('ul', { class: 'taps' }, old.taps.slice(-6).reverse().map(function (t) {
        return el('li', {}, [el('span', { class: 'what', text: t.label }), answerEl(t)]);
      }))]));
    }
    out.push(el('h1', { text: MODE === 'table' ? 'Show this table on this screen' : 'Join the table' }));
    if (joinError) out.push(el('p', { class: 'notice bad', role: 'alert', text: joinError }));
    if (!joinSeats) {
      var code = el('input', { id: 'code', class: 'code', maxlength: '9', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', inputmode: 'text', 'aria-label': 'Join code' });
      code.value = joinCode;
      var go = el('button', { class: 'primary wide', onclick: function () { joinCode = document.getElementById('code').value; askSeats(); } }, ['Next']);
      code.addEventListener('keydown', function (e) { if (e.key === 'Enter') go.click(); });
      out.push(el('label', { for: 'code', text: 'The join code on the host\'s screen' }), code, go);
      main.replaceChildren.apply(main, out);
      return;
    }
    var name = el('input', { id: 'name', maxlength: '40', autocomplete: 'nickname', 'aria-label': 'Your name' });
    name.value = ls.getItem('tk.name') || (MODE === 'table' ? 'Table view' : '');
    if (MODE === 'table') name.value = 'Table view';
    out.push(el('label', { for: 'name', text: MODE === 'table' ? 'This screen\'s name' : 'Your name' }), name);
    var pick = el('div', { class: 'seatpick' });
    function chosen(seat) { return function () { join(document.getElementById('name').value, seat); }; }
    if (MODE !== 'table') {
      out.push(el('label', { text: joinSeats.length ? 'Who are you at the table?' : 'This table has no seats to pick on a phone yet' }));
      joinSeats.forEach(function (s) { pick.appendChild(el('button', { onclick: chosen(s.id) }, [s.name + (s.kind ? ' · ' + s.kind : '')])); });
    }
    pick.appendChild(el('button', { class: MODE === 'table' ? 'primary' : '', onclick: chosen('') }, [MODE === 'table' ? 'Show the table' : 'Just watch']));
    out.push(pick);
    main.replaceChildren.apply(main, out);
  }

  start();
})();
