import { FlagBadge } from './flag-badge';
import { formatDay, rangeText, valueText, type Analysis } from '../labels';

/** The latest value of every analysis, with its reference range and flag. */
export function ValuesTable({ analyses }: { analyses: readonly Analysis[] }) {
  return (
    <div className="overflow-x-auto rounded-card border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Senaste värdet för varje analys</caption>
        <thead className="bg-surface-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Analys
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Värde
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Referensintervall
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Bedömning
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Provtagningsdatum
            </th>
          </tr>
        </thead>
        <tbody>
          {analyses.map(({ key, latest }) => (
            <tr key={key} className="border-t border-border">
              <th scope="row" className="px-3 py-2 font-medium">
                {latest.analysis}
              </th>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{valueText(latest)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{rangeText(latest)}</td>
              <td className="px-3 py-2">
                <FlagBadge value={latest} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(latest.sampledOn)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
