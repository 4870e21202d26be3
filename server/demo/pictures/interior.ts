/** Cabin views: flat drawings in the trim colour (caravans get their own). */
import { hasInterior, type PictureBody } from "../../../domain/media";
import { mix } from "./colour";
import { EXTERIOR_SIZE } from "./projection";

export const PANO_SIZE = { width: 2000, height: 1000 } as const;


/** `screen`: the model's centre screen — 0 the standard one, 1 a wide floating one, 2 a tall one. */
function cabinFront(trim: string, W: number, H: number, truck: boolean, screen = 0): string {
  const dash = mix(trim, "#16171a", 0.55);
  const dashTop = mix(trim, "#0f1012", 0.7);
  const seat = trim;
  const seatShade = mix(trim, "#000000", 0.25);
  const sx = W / 1200;
  const sy = H / 800;
  const t = (x: number, y: number) => `${(x * sx).toFixed(1)} ${(y * sy).toFixed(1)}`;
  const wheelX = 800;
  const wheelR = truck ? 150 : 125;
  return [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bcd6ec"/><stop offset="0.7" stop-color="#e8f1f8"/><stop offset="1" stop-color="#c9d3c4"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="#d9dadb"/>`,
    `<path d="M${t(150, 40)}L${t(1050, 40)}L${t(1160, 330)}L${t(40, 330)}Z" fill="url(#sky)"/>`,
    `<path d="M${t(40, 330)}L${t(1160, 330)}L${t(1160, 300)}L${t(40, 300)}Z" fill="#9fae8f" opacity="0.5"/>`,
    `<path d="M0 0L${t(150, 40)}L${t(40, 330)}L0 ${(360 * sy).toFixed(1)}Z" fill="${dashTop}"/>`,
    `<path d="M${W} 0L${t(1050, 40)}L${t(1160, 330)}L${W} ${(360 * sy).toFixed(1)}Z" fill="${dashTop}"/>`,
    `<rect width="${W}" height="${(40 * sy).toFixed(1)}" fill="#cfcfcc"/>`,
    `<path d="M0 ${(360 * sy).toFixed(1)}Q${t(600, 250)} ${t(1200, 360)}L${t(1200, 560)}L0 ${(560 * sy).toFixed(1)}Z" fill="${dash}"/>`,
    `<path d="M0 ${(360 * sy).toFixed(1)}Q${t(600, 250)} ${t(1200, 360)}L${t(1200, 385)}Q${t(600, 280)} ${t(0, 385)}Z" fill="${dashTop}"/>`,
    // instrument cluster behind the wheel (right-hand drive)
    `<rect x="${((wheelX - 150) * sx).toFixed(1)}" y="${(330 * sy).toFixed(1)}" width="${(300 * sx).toFixed(1)}" height="${(95 * sy).toFixed(1)}" rx="${(18 * sx).toFixed(1)}" fill="#0b0c0e"/>`,
    `<circle cx="${((wheelX - 70) * sx).toFixed(1)}" cy="${(378 * sy).toFixed(1)}" r="${(34 * sx).toFixed(1)}" fill="none" stroke="#5fb0e8" stroke-width="${(5 * sx).toFixed(1)}"/>`,
    `<circle cx="${((wheelX + 70) * sx).toFixed(1)}" cy="${(378 * sy).toFixed(1)}" r="${(34 * sx).toFixed(1)}" fill="none" stroke="#5fb0e8" stroke-width="${(5 * sx).toFixed(1)}"/>`,
    // centre screen and vents
    `<rect x="${(500 * sx).toFixed(1)}" y="${(340 * sy).toFixed(1)}" width="${(200 * sx).toFixed(1)}" height="${(120 * sy).toFixed(1)}" rx="${(10 * sx).toFixed(1)}" fill="#0b0d10" stroke="#3a3d42" stroke-width="${(3 * sx).toFixed(1)}"/>`,
    `<rect x="${(515 * sx).toFixed(1)}" y="${(355 * sy).toFixed(1)}" width="${(110 * sx).toFixed(1)}" height="${(90 * sy).toFixed(1)}" rx="${(6 * sx).toFixed(1)}" fill="#2d5d86"/>`,
    `<rect x="${(633 * sx).toFixed(1)}" y="${(355 * sy).toFixed(1)}" width="${(52 * sx).toFixed(1)}" height="${(40 * sy).toFixed(1)}" rx="${(5 * sx).toFixed(1)}" fill="#3b4450"/>`,
    `<rect x="${(633 * sx).toFixed(1)}" y="${(405 * sy).toFixed(1)}" width="${(52 * sx).toFixed(1)}" height="${(40 * sy).toFixed(1)}" rx="${(5 * sx).toFixed(1)}" fill="#3b4450"/>`,
    ...[130, 420, 720, 1020].map((x) => `<rect x="${(x * sx).toFixed(1)}" y="${(400 * sy).toFixed(1)}" width="${(60 * sx).toFixed(1)}" height="${(26 * sy).toFixed(1)}" rx="${(8 * sx).toFixed(1)}" fill="#0e0f11"/>`),
    screen === 1
      ? `<rect x="${(420 * sx).toFixed(1)}" y="${(286 * sy).toFixed(1)}" width="${(330 * sx).toFixed(1)}" height="${(96 * sy).toFixed(1)}" rx="${(8 * sx).toFixed(1)}" fill="#0b0d10" stroke="#55595f" stroke-width="${(4 * sx).toFixed(1)}"/><rect x="${(432 * sx).toFixed(1)}" y="${(298 * sy).toFixed(1)}" width="${(200 * sx).toFixed(1)}" height="${(72 * sy).toFixed(1)}" fill="#2d5d86"/>`
      : screen === 2
        ? `<rect x="${(530 * sx).toFixed(1)}" y="${(320 * sy).toFixed(1)}" width="${(140 * sx).toFixed(1)}" height="${(200 * sy).toFixed(1)}" rx="${(10 * sx).toFixed(1)}" fill="#0b0d10" stroke="#3a3d42" stroke-width="${(3 * sx).toFixed(1)}"/><rect x="${(542 * sx).toFixed(1)}" y="${(334 * sy).toFixed(1)}" width="${(116 * sx).toFixed(1)}" height="${(120 * sy).toFixed(1)}" fill="#3a6f5a"/>`
        : "",
    // console
    `<path d="M${t(490, 560)}L${t(710, 560)}L${t(760, 800)}L${t(440, 800)}Z" fill="${mix(dash, "#000000", 0.15)}"/>`,
    `<rect x="${(575 * sx).toFixed(1)}" y="${(600 * sy).toFixed(1)}" width="${(50 * sx).toFixed(1)}" height="${(80 * sy).toFixed(1)}" rx="${(20 * sx).toFixed(1)}" fill="#111214"/>`,
    // steering wheel
    `<circle cx="${(wheelX * sx).toFixed(1)}" cy="${(520 * sy).toFixed(1)}" r="${(wheelR * sx).toFixed(1)}" fill="none" stroke="#121315" stroke-width="${(28 * sx).toFixed(1)}"/>`,
    `<path d="M${t(wheelX - wheelR, 520)}L${t(wheelX + wheelR, 520)}M${t(wheelX, 520)}L${t(wheelX, 520 + wheelR)}" stroke="#121315" stroke-width="${(26 * sx).toFixed(1)}"/>`,
    `<circle cx="${(wheelX * sx).toFixed(1)}" cy="${(520 * sy).toFixed(1)}" r="${(48 * sx).toFixed(1)}" fill="#1c1d20"/>`,
    // seat backs
    `<path d="M${t(60, 800)}L${t(90, 560)}Q${t(230, 520)} ${t(370, 560)}L${t(400, 800)}Z" fill="${seat}"/>`,
    `<path d="M${t(800, 800)}L${t(830, 600)}Q${t(980, 560)} ${t(1130, 600)}L${t(1160, 800)}Z" fill="${seat}"/>`,
    `<rect x="${(170 * sx).toFixed(1)}" y="${(470 * sy).toFixed(1)}" width="${(120 * sx).toFixed(1)}" height="${(80 * sy).toFixed(1)}" rx="${(30 * sx).toFixed(1)}" fill="${seatShade}"/>`,
    `<rect x="${(920 * sx).toFixed(1)}" y="${(510 * sy).toFixed(1)}" width="${(120 * sx).toFixed(1)}" height="${(80 * sy).toFixed(1)}" rx="${(30 * sx).toFixed(1)}" fill="${seatShade}"/>`,
  ].join("");
}

function cabinSeats(trim: string, W: number, H: number): string {
  const seat = trim;
  const shadeC = mix(trim, "#000000", 0.28);
  const light = mix(trim, "#ffffff", 0.12);
  return [
    `<rect width="${W}" height="${H}" fill="#cfd1d4"/>`,
    `<path d="M0 0H${W}V250H0Z" fill="#e7eaee"/>`,
    `<path d="M120 40H1080L1040 240H160Z" fill="#b6cde0"/>`,
    `<rect y="560" width="${W}" height="240" fill="#2a2b2e"/>`,
    ...[260, 760].map((x) =>
      [
        `<path d="M${x - 40} 560Q${x - 60} 330 ${x + 10} 170Q${x + 90} 150 ${x + 160} 175Q${x + 190} 330 ${x + 200} 560Z" fill="${seat}"/>`,
        `<path d="M${x + 20} 260Q${x + 80} 240 ${x + 150} 265L${x + 165} 520Q${x + 80} 540 ${x} 520Z" fill="${light}"/>`,
        `<rect x="${x + 20}" y="80" width="140" height="95" rx="40" fill="${seat}"/>`,
        `<rect x="${x + 70}" y="170" width="12" height="16" fill="#8b8f94"/>`,
        `<path d="M${x - 80} 560Q${x + 80} 520 ${x + 300} 560L${x + 320} 650Q${x + 100} 690 ${x - 100} 650Z" fill="${shadeC}"/>`,
      ].join(""),
    ),
  ].join("");
}

function cabinRear(trim: string, W: number, H: number): string {
  const seat = trim;
  const light = mix(trim, "#ffffff", 0.1);
  return [
    `<rect width="${W}" height="${H}" fill="#d4d6d9"/>`,
    `<path d="M140 60H1060L1010 300H190Z" fill="#b9cfe1"/>`,
    `<rect y="600" width="${W}" height="200" fill="#2b2c2f"/>`,
    `<path d="M90 620Q100 330 160 300H1040Q1100 330 1110 620Z" fill="${seat}"/>`,
    ...[200, 520, 840].map((x) => `<path d="M${x} 340H${x + 160}L${x + 170} 560H${x - 10}Z" fill="${light}"/>`),
    ...[240, 560, 880].map((x) => `<rect x="${x}" y="215" width="120" height="85" rx="36" fill="${seat}"/>`),
    `<path d="M60 600Q600 560 1140 600L1160 700Q600 740 40 700Z" fill="${mix(trim, "#000000", 0.22)}"/>`,
  ].join("");
}

function caravanInterior(view: "front" | "seats" | "rear", trim: string, W: number, H: number): string {
  const timber = trim;
  const dark = mix(trim, "#000000", 0.3);
  const light = mix(trim, "#ffffff", 0.35);
  const base = [`<rect width="${W}" height="${H}" fill="#efece6"/>`, `<rect y="620" width="${W}" height="180" fill="#a89a86"/>`];
  if (view === "front") {
    return [
      ...base,
      `<rect x="80" y="60" width="1040" height="150" fill="${timber}"/>`,
      ...[80, 340, 600, 860].map((x) => `<rect x="${x + 6}" y="66" width="248" height="138" fill="${light}" stroke="${dark}" stroke-width="3"/>`),
      `<rect x="380" y="240" width="440" height="170" fill="#bcd4e6" stroke="#d9d9d9" stroke-width="14"/>`,
      `<rect x="60" y="430" width="1080" height="40" fill="#e2dfd9"/>`,
      `<rect x="60" y="470" width="1080" height="150" fill="${timber}"/>`,
      ...[60, 330, 600, 870].map((x) => `<rect x="${x + 8}" y="478" width="254" height="134" fill="${light}" stroke="${dark}" stroke-width="3"/>`),
      `<rect x="180" y="436" width="190" height="30" rx="6" fill="#9ea3a8"/>`,
      `<circle cx="800" cy="450" r="22" fill="#2b2d30"/><circle cx="880" cy="450" r="22" fill="#2b2d30"/>`,
    ].join("");
  }
  if (view === "seats") {
    return [
      ...base,
      `<rect x="100" y="60" width="1000" height="130" fill="${timber}"/>`,
      `<rect x="220" y="220" width="760" height="130" fill="${dark}"/>`,
      `<rect x="160" y="380" width="880" height="280" rx="30" fill="#f7f5f0"/>`,
      `<rect x="160" y="470" width="880" height="190" rx="20" fill="${light}"/>`,
      `<rect x="230" y="395" width="300" height="80" rx="36" fill="#ffffff"/><rect x="670" y="395" width="300" height="80" rx="36" fill="#ffffff"/>`,
      `<rect x="40" y="300" width="110" height="330" fill="${timber}"/><rect x="1050" y="300" width="110" height="330" fill="${timber}"/>`,
    ].join("");
  }
  return [
    ...base,
    `<rect x="300" y="90" width="600" height="200" fill="#bcd4e6" stroke="#d9d9d9" stroke-width="14"/>`,
    `<rect x="80" y="330" width="300" height="330" rx="24" fill="${trim}"/>`,
    `<rect x="820" y="330" width="300" height="330" rx="24" fill="${trim}"/>`,
    `<rect x="80" y="480" width="300" height="90" rx="18" fill="${light}"/><rect x="820" y="480" width="300" height="90" rx="18" fill="${light}"/>`,
    `<rect x="420" y="450" width="360" height="30" fill="${dark}"/><rect x="585" y="480" width="30" height="150" fill="#8f9398"/>`,
  ].join("");
}

/** A cabin view of `body` in trim `hex` (no #). */
export function interiorSvg(body: PictureBody, hex: string, view: "interior-front" | "interior-seats" | "interior-rear" | "interior-pano", key?: string): string {
  if (!hasInterior(body)) throw new Error(`${body} has no interior`);
  const trim = `#${hex}`;
  const caravan = body === "caravan" || body === "pop-top" || body === "camper-trailer";
  const truckish = body.startsWith("truck") || body === "prime-mover";
  const { width: W, height: H } = view === "interior-pano" ? PANO_SIZE : EXTERIOR_SIZE;
  let inner: string;
  if (caravan) inner = caravanInterior(view === "interior-seats" ? "seats" : view === "interior-rear" ? "rear" : "front", trim, 1200, 800);
  else if (view === "interior-seats") inner = cabinSeats(trim, 1200, 800);
  else if (view === "interior-rear") inner = cabinRear(trim, 1200, 800);
  else inner = cabinFront(trim, 1200, 800, truckish, key ? (key.length + key.charCodeAt(0) + key.charCodeAt(key.length - 1)) % 3 : 0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 1200 800" preserveAspectRatio="none">${inner}</svg>`;
}
