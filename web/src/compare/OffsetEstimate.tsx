/**
 * "Estimate" by a run's clock-offset field (align=clock, every run but the baseline): the offset that lines
 * the run's network send and receive up with the baseline's receive and send (shared/compare/clock-offset.ts),
 * filled into the field when one is found; beside it, what was found (the correlation) or that there is no
 * clear match, in `[data-offset-estimate=I]` (docs/ui-contract.md §18).
 */
import { estimateClockOffset, TABLE_TEXT, type CompareRunInput, type OffsetEstimate as Estimate } from '../../../shared/compare/index.js';
import { useLang } from '../i18n/i18n.js';
import { useCompareText } from './compare-text.js';

export interface OffsetEstimateProps {
  index: number;
  /** The run's tag (B, C, …). */
  tag: string;
  baseline: number;
  /** Every run's raw rows, and each run's shift in effect (seconds; the given offsets included). */
  inputs: readonly CompareRunInput[];
  shifts: readonly number[];
  /** The offset this run was given (its field's value). */
  given: number;
  /** The last estimate of this run, kept by the page across its re-drawing with the new offset. */
  estimate: Estimate | undefined;
  onEstimate: (index: number, estimate: Estimate) => void;
}

export function OffsetEstimate({ index, tag, baseline, inputs, shifts, given, estimate, onEstimate }: OffsetEstimateProps) {
  const c = useCompareText();
  const t = TABLE_TEXT[useLang()];
  const run = () => {
    // The run placed without its given offset: the estimate is the offset to give it, whatever it has now.
    const e = estimateClockOffset(inputs[baseline]!, inputs[index]!, shifts[baseline] ?? 0, (shifts[index] ?? 0) - given);
    onEstimate(index, e);
  };
  const text =
    estimate === undefined
      ? null
      : estimate.offsetS === null
        ? t.offsetNone[estimate.reason]
        : t.offsetFound(estimate.offsetS > 0 ? `+${estimate.offsetS}` : String(estimate.offsetS), String(estimate.strength));
  return (
    <>
      <button type="button" className="offset-estimate" title={c.estimateOffsetTitle} aria-label={c.estimateOffsetLabel(tag)} onClick={run}>
        {c.estimateOffset}
      </button>
      <span className="offset-note" role="status" data-offset-estimate={index} data-found={estimate === undefined ? undefined : String(estimate.offsetS !== null)}>
        {text}
      </span>
    </>
  );
}
