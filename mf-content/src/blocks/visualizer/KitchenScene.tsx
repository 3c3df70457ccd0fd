import { useId } from 'react';
import { isDark, shade, type DoorProfile } from './scene';

export interface KitchenSceneProps {
  /** the chosen finish's colour */
  hex: string;
  profile: DoorProfile;
  /** what the picture shows, for screen readers */
  label: string;
}

interface DoorSpec {
  x: number;
  y: number;
  w: number;
  h: number;
  /** where the pull sits */
  pull: 'left' | 'right' | 'top' | 'center';
}

// The scene's cabinets (viewBox 800 x 460): uppers either side of a window, a row of base cabinets.
const UPPER_DOORS: DoorSpec[] = [40, 130, 220, 490, 580, 670].map((x, index) => ({
  x,
  y: 48,
  w: 88,
  h: 150,
  pull: index % 2 === 0 ? 'right' : 'left',
}));
const BASE_UNITS = [40, 132, 224, 316, 408, 500, 592, 684];
const SINK_UNIT = 408;
const DRAWER_UNITS = new Set([132, 592]);

function baseDoors(): DoorSpec[] {
  return BASE_UNITS.flatMap((x): DoorSpec[] => {
    if (DRAWER_UNITS.has(x)) {
      return [0, 1, 2].map((row) => ({ x, y: 318 + row * 38, w: 88, h: 36, pull: 'top' as const }));
    }
    if (x === SINK_UNIT) {
      return [
        { x, y: 318, w: 43, h: 112, pull: 'right' },
        { x: x + 45, y: 318, w: 43, h: 112, pull: 'left' },
      ];
    }
    return [
      { x, y: 318, w: 88, h: 24, pull: 'center' },
      { x, y: 344, w: 88, h: 86, pull: x < SINK_UNIT ? 'right' : 'left' },
    ];
  });
}
const DOORS = [...UPPER_DOORS, ...baseDoors()];

function Door({ door, hex, edge, panel, hardware, profile }: { door: DoorSpec; hex: string; edge: string; panel: string; hardware: string; profile: DoorProfile }) {
  const { x, y, w, h } = door;
  const inset = profile.kind === 'framed' && h > 30 ? Math.max(4, Math.round(Math.min(w, h) * profile.rail)) : 0;
  const pull =
    door.pull === 'top' || door.pull === 'center'
      ? { x: x + w / 2 - 12, y: y + (door.pull === 'top' ? 6 : h / 2 - 2), w: 24, h: 4 }
      : { x: door.pull === 'right' ? x + w - 10 : x + 6, y: y + (y < 300 ? h - 40 : 10), w: 4, h: 26 };
  return (
    <g data-part="door">
      <rect x={x} y={y} width={w} height={h} rx={2} fill={hex} stroke={edge} strokeWidth={1.5} />
      {inset > 0 && (
        <rect x={x + inset} y={y + inset} width={w - 2 * inset} height={h - 2 * inset} fill={hex} stroke={panel} strokeWidth={2} />
      )}
      {inset > 0 && profile.kind === 'framed' && profile.raised && (
        <rect x={x + inset + 5} y={y + inset + 5} width={w - 2 * inset - 10} height={h - 2 * inset - 10} fill={hex} stroke={edge} strokeWidth={1} />
      )}
      <rect x={pull.x} y={pull.y} width={pull.w} height={pull.h} rx={2} fill={hardware} />
    </g>
  );
}

/**
 * A drawn kitchen whose cabinet doors take the chosen finish's colour. Everything is SVG attributes
 * (fill, stroke): the page's CSP allows no inline styles.
 */
export function KitchenScene({ hex, profile, label }: KitchenSceneProps) {
  const titleId = useId();
  const edge = shade(hex, 0.25);
  const panel = shade(hex, 0.15);
  const hardware = isDark(hex) ? '#D8C08A' : '#4A4A4A';
  return (
    <svg className="content-visualizer__scene" viewBox="0 0 800 460" role="img" aria-labelledby={titleId} data-finish={hex}>
      <title id={titleId}>{label}</title>
      {/* wall, window, backsplash and floor */}
      <rect width="800" height="460" fill="#EFEBE4" />
      <rect x="326" y="52" width="148" height="120" fill="#CFE3EE" stroke="#FFFFFF" strokeWidth="8" />
      <line x1="400" y1="52" x2="400" y2="172" stroke="#FFFFFF" strokeWidth="4" />
      <rect x="30" y="206" width="740" height="92" fill="#F7F5F0" />
      <rect y="440" width="800" height="20" fill="#C8B79E" />
      {/* cabinet boxes behind the doors */}
      <rect x="36" y="44" width="276" height="158" fill={edge} />
      <rect x="486" y="44" width="276" height="158" fill={edge} />
      <rect x="36" y="312" width="740" height="122" fill={edge} />
      {/* countertop, sink and toe kick */}
      <rect x="28" y="296" width="752" height="16" fill="#D9D6CF" stroke="#B9B5AC" />
      <rect x="418" y="290" width="68" height="8" rx="3" fill="#A9ADB1" />
      <rect x="36" y="432" width="740" height="8" fill="#3A3631" />
      {DOORS.map((door) => (
        <Door key={`${door.x}-${door.y}-${door.w}`} door={door} hex={hex} edge={edge} panel={panel} hardware={hardware} profile={profile} />
      ))}
    </svg>
  );
}
