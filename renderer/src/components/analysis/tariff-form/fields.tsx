/**
 * The pieces every fieldset of the tariff form is made of: the draft and how a fieldset changes it,
 * one number field (labelled, or a cell of a row with its aria-label), a row's remove button, and a
 * list's row setter.
 */
import { useTranslation } from 'react-i18next';
import type { TariffInput } from '../../../../../preload/contract';

export type Draft = TariffInput & { levies: NonNullable<TariffInput['levies']> };

/** What each fieldset gets: the draft and a patch to it. */
export interface FieldsProps {
  d: Draft;
  set: (patch: Partial<Draft>) => void;
}

/** One number input: an empty or unreadable entry is 0, or (with `optional`) no value. */
export function NumInput(props: {
  value: number | undefined | '';
  onChange: (v: number) => void;
  step?: number;
  testId?: string;
  ariaLabel?: string;
  placeholder?: string;
}) {
  return (
    <input
      type="number"
      step={props.step ?? 0.01}
      value={props.value ?? 0}
      placeholder={props.placeholder}
      onChange={(e) => props.onChange(Number(e.target.value) || 0)}
      data-testid={props.testId}
      aria-label={props.ariaLabel}
    />
  );
}

/** A number that may be left empty (a change that keeps the earlier value). */
export function OptionalNumInput(props: {
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  label: string;
}) {
  return (
    <input
      type="number"
      step={0.01}
      value={props.value ?? ''}
      placeholder={props.label}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      aria-label={props.label}
    />
  );
}

/** A labelled number field. */
export function Num(props: {
  label: string;
  value: number | undefined;
  onChange: (v: number) => void;
  step?: number;
  testId?: string;
}) {
  return (
    <label>
      {props.label}
      <NumInput value={props.value} onChange={props.onChange} step={props.step} testId={props.testId} />
    </label>
  );
}

export function RemoveButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={onClick} aria-label={t('tariffs_remove')}>
      ×
    </button>
  );
}

/** The list with row `i` patched. */
export function patched<T>(list: readonly T[], i: number, patch: Partial<T>): T[] {
  return list.map((x, k) => (k === i ? { ...x, ...patch } : x));
}

/** The list without row `i`. */
export function without<T>(list: readonly T[], i: number): T[] {
  return list.filter((_, k) => k !== i);
}
