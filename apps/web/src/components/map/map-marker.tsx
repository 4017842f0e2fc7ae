import type { KeyboardEvent } from 'react';
import { MAP_COLORS, MAP_PIN_PATH } from './map-style';
import type { MapMarker } from './map-types';

// One marker of the SVG layer: a vehicle (circle), a load point (square) or the place searched from (pin),
// a button when it can be clicked, with its unit ID beside it when there is room.

type MarkerShapeProps = {
  marker: MapMarker;
  x: number;
  y: number;
  selected: boolean;
  showText: boolean;
  onClick?: (id: string) => void;
  onKeyDown: (event: KeyboardEvent, action: () => void) => void;
};

export function MarkerShape({ marker, x, y, selected, showText, onClick, onKeyDown }: MarkerShapeProps) {
  const clickable = marker.clickable !== false && Boolean(onClick);
  const shape = marker.shape ?? 'circle';
  const radius = selected ? 8 : 6;
  const click = () => onClick?.(marker.id);
  return (
    <g
      transform={`translate(${x},${y})`}
      role={clickable ? 'button' : 'img'}
      tabIndex={clickable ? 0 : undefined}
      aria-label={marker.label}
      aria-pressed={clickable ? selected : undefined}
      data-marker={marker.id}
      onClick={
        clickable
          ? (event) => {
              event.stopPropagation();
              click();
            }
          : undefined
      }
      onKeyDown={clickable ? (event) => onKeyDown(event, click) : undefined}
      style={{ cursor: clickable ? 'pointer' : 'default' }}
    >
      <title>{marker.label}</title>
      {/* A larger invisible target for fingers. */}
      {clickable && <circle r={14} fill="transparent" />}
      {selected && <circle r={radius + 5} fill={MAP_COLORS.selected} fillOpacity={0.18} />}
      {shape === 'circle' && (
        <circle r={radius} fill={marker.color} stroke="#ffffff" strokeWidth={selected ? 2.5 : 1.75} />
      )}
      {shape === 'square' && (
        <rect
          x={-radius}
          y={-radius}
          width={radius * 2}
          height={radius * 2}
          rx={2}
          fill={marker.color}
          stroke="#ffffff"
          strokeWidth={1.75}
        />
      )}
      {shape === 'pin' && (
        <g>
          <path d={MAP_PIN_PATH} fill={marker.color} stroke="#ffffff" strokeWidth={1.75} />
          <circle cy={-17} r={3.2} fill="#ffffff" />
        </g>
      )}
      {showText && marker.text && (
        <MarkerText text={marker.text} x={shape === 'pin' ? 12 : radius + 4} y={shape === 'pin' ? -14 : 0} />
      )}
    </g>
  );
}

/** About how wide a character of the markers' 11 px semibold text is, for the plate behind it. */
const MARKER_CHAR_WIDTH = 6.6;

/**
 * A marker's text (the unit ID) on a white plate, so it stays readable over the base map's town labels,
 * which are drawn below the markers and cannot make room for them.
 */
function MarkerText({ text, x, y }: { text: string; x: number; y: number }) {
  const width = text.length * MARKER_CHAR_WIDTH + 6;
  return (
    <g transform={`translate(${x},${y})`} style={{ pointerEvents: 'none' }}>
      <rect x={-3} y={-8} width={width} height={16} rx={3} fill="#ffffff" fillOpacity={0.92} />
      <text dy="0.35em" fontSize={11} fontWeight={600} fill={MAP_COLORS.text}>
        {text}
      </text>
    </g>
  );
}
