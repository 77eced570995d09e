// The phones' page: the tokens, drawn as the TV draws them. A token whose picture the GM's
// computer sent shows it clipped to its disc inside a ring of its side's colour; any other is a
// disc of that colour. Your own token keeps its yellow ring, the one acting a white one.
// Pictures come by an opaque key, each fetched once however many tokens share it, and only
// when a key not held yet arrives; keys that leave the view are dropped.
"use strict";
window.tacticalTokens = (function () {
  const pictures = new Map();  // key -> Image (loading or loaded)
  const SIMPLE_BELOW_PX = 14;
  let asked = 0;  // pictures fetched since the page opened (the browser tests read it)

  function spot(t) {
    if (t.col !== undefined) return [t.col + t.size / 2, t.row + t.size / 2];
    return t.at || [0, 0];
  }

  function update(tokens, base, redraw) {
    const wanted = new Set(tokens.filter((t) => t.picture).map((t) => t.picture));
    for (const key of [...pictures.keys()]) if (!wanted.has(key)) pictures.delete(key);
    for (const key of wanted) {
      if (pictures.has(key)) continue;
      const image = new Image();
      image.onload = redraw;
      // refused (the token left the view meanwhile): a disc until a view names the key again
      image.onerror = () => { if (pictures.get(key) === image) pictures.delete(key); };
      image.src = base + encodeURIComponent(key) + ".png";
      asked += 1;
      pictures.set(key, image);
    }
  }

  function loaded(t) {
    const image = t.picture ? pictures.get(t.picture) : null;
    return image && image.complete && image.naturalWidth > 0 ? image : null;
  }

  function circle(ctx, x, y, radius) {
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
  }

  function disc(ctx, t, x, y, radius, px) {
    // too small on screen to make out (the TV's rule: under 14 pixels across): a plain disc
    const image = (2 * radius) / px < SIMPLE_BELOW_PX ? null : loaded(t);
    const mark = t.mine ? "#ffd76a" : t.acting ? "#ffffff" : null;
    circle(ctx, x, y, radius);
    if (!image) {
      ctx.fillStyle = t.color;
      ctx.fill();
      ctx.lineWidth = Math.max(3 * px, 0.06);
      ctx.strokeStyle = mark || "#000";
      ctx.stroke();
      return;
    }
    // the picture inside a ring of the side's colour, thick enough to tell the sides apart on a
    // phone; yours (or the one acting) ringed once more outside, as a disc is
    const ring = Math.max(3 * px, radius * 0.22);
    ctx.save();
    ctx.clip();
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(image, x - radius, y - radius, radius * 2, radius * 2);
    ctx.restore();
    circle(ctx, x, y, radius - ring / 2);
    ctx.lineWidth = ring;
    ctx.strokeStyle = t.color;
    ctx.stroke();
    const edge = mark ? Math.max(3 * px, 0.06) : Math.max(1.5 * px, 0.02);
    circle(ctx, x, y, radius + edge / 2);
    ctx.lineWidth = edge;
    ctx.strokeStyle = mark || "#000";
    ctx.stroke();
  }

  function draw(ctx, tokens, scale, drag) {
    const px = 1 / scale;
    const crowd = new Map(), count = new Map();  // area tokens: [index, how many] in their area
    for (const t of tokens) {
      if (t.col !== undefined) continue;
      const k = count.get(t.area) || 0;
      crowd.set(t.id, [k, 0]);
      count.set(t.area, k + 1);
    }
    for (const t of tokens) if (crowd.has(t.id)) crowd.get(t.id)[1] = count.get(t.area);
    for (const t of tokens) {
      let [x, y] = spot(t);
      if (drag && drag.id === t.id) [x, y] = drag.at;
      const radius = t.col !== undefined ? t.size * 0.42 : Math.max(14 * px, 0.4);
      const place = t.col === undefined ? crowd.get(t.id) : null;  // side by side in an area
      if (place) x += (place[0] - (place[1] - 1) / 2) * radius * 2.3;
      const above = place && place[0] % 2 === 1;
      disc(ctx, t, x, y, radius, px);
      if (radius / px < 9 && !t.mine) continue;  // zoomed far out: names would only pile up
      const size = Math.max(14 * px, radius * 0.5);
      ctx.font = "600 " + size + "px sans-serif";
      ctx.textAlign = "center";
      ctx.fillStyle = "#fff";
      ctx.fillText(t.name, x, above ? y - radius - size * 0.4 : y + radius + size);
      ctx.textAlign = "start";
    }
  }

  return {
    spot, update, draw,
    shows: (t) => !!loaded(t), held: () => [...pictures.keys()], asked: () => asked,
  };
})();
