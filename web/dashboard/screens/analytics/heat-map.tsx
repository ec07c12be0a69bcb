/**
 * The head-to-head matrix as a heat map: a row per player, a column per opponent, each cell the row player's record
 * against the column player (won–lost–halved), coloured from orange (lost them all) to blue (won them all), with ▲ ▼ =
 * and the net strokes written in it, so neither colour nor shape alone carries the meaning. It is a real table: a
 * screen reader hears each cell's players from its headers and its whole sentence from a hidden text. A cell opens
 * that pair's head-to-head.
 */
import type { HeadToHeadMatrix } from '../../api/analytics.js';
import { href } from '../../paths.js';
import { cellInWords, columnTags, levelOf, recordOf, signedStrokes, signOf } from './scale.js';

export function HeatMap({ tripId, matrix }: { tripId: string; matrix: HeadToHeadMatrix }) {
  const names = new Map(matrix.players.map((p) => [p.playerId, p.name]));
  const tags = columnTags(matrix.players.map((p) => p.name));
  return (
    <div class="heat-wrap" tabIndex={0} role="region" aria-label="Head-to-head heat map (scrolls sideways)">
      <table class="heat-map" aria-labelledby="h2h-title" aria-describedby="h2h-legend">
        <thead>
          <tr>
            <td class="heat-corner">
              <span class="muted small">Row against column</span>
            </td>
            {matrix.players.map((p, i) => (
              <th key={p.playerId} scope="col" class="heat-col" title={p.name}>
                <span aria-hidden="true">{tags[i]}</span>
                <span class="visually-hidden">{p.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row) => (
            <tr key={row.playerId}>
              <th scope="row" class="heat-row">
                {row.name} <span class="muted small" aria-hidden="true">({tags[matrix.players.findIndex((p) => p.playerId === row.playerId)]})</span>
              </th>
              {row.cells.map((cell, i) => {
                const col = matrix.players[i]!;
                if (col.playerId === row.playerId) {
                  return (
                    <td key={col.playerId} class="heat-self">
                      <span class="visually-hidden">{row.name} (same player)</span>
                    </td>
                  );
                }
                const level = cell ? levelOf(cell) : null;
                const words = cellInWords(row.name, names.get(col.playerId) ?? col.name, cell);
                return (
                  <td key={col.playerId} class={`heat-cell ${level === null ? 'heat-none' : `heat-l${level}`}`} data-row={row.playerId} data-col={col.playerId} title={words}>
                    {cell && level !== null ? (
                      <a href={href('tripAnalytics', { tripId }, { view: 'head-to-head', a: row.playerId, b: col.playerId })}>
                        <span aria-hidden="true">
                          <span class="heat-record">
                            {signOf(cell)} {recordOf(cell.won, cell.lost, cell.halved)}
                          </span>
                          <span class="heat-strokes">{signedStrokes(cell.netMargin)}</span>
                        </span>
                        <span class="visually-hidden">{words}</span>
                      </a>
                    ) : (
                      <>
                        <span aria-hidden="true">·</span>
                        <span class="visually-hidden">{words}</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div class="heat-legend" id="h2h-legend">
        <p class="small">
          Each square is the <strong>row</strong> player’s record against the <strong>column</strong> player: won–lost(–halved), from their team matches if they had any, else from the rounds they
          completed together (lower net wins). Below it, the row player’s net strokes against the other over those rounds (−4: four fewer).
        </p>
        <ol class="heat-scale" aria-label="Colour scale">
          <li class="heat-l-3">▼ lost them all</li>
          <li class="heat-l-1">▼ lost more</li>
          <li class="heat-l0">= level</li>
          <li class="heat-l1">▲ won more</li>
          <li class="heat-l3">▲ won them all</li>
          <li class="heat-none">· not yet together</li>
        </ol>
      </div>
    </div>
  );
}
