/**
 * Header of a digit-cell column: the column title over the unit labels, laid out in the same 11
 * ruled columns as the cells (亿 千 百 十 万 千 百 十 元 角 分 in Chinese; grouped M · K · ¥ · .00 in
 * English, with the full unit names as tooltips).
 */
import type { CustomHeaderProps } from 'ag-grid-react';
import { DIGIT_SLOT_COUNT, SLOT_RULES } from './digit-slots';

export interface DigitUnitLabel {
  label: string;
  /** Digit columns the label covers. */
  span: number;
}

export interface DigitHeaderParams {
  units: readonly DigitUnitLabel[];
  /** Full names of the 11 units, for tooltips. */
  unitNames: readonly string[];
}

export function DigitHeader(props: CustomHeaderProps & DigitHeaderParams) {
  const { displayName, units, unitNames } = props;
  let slot = 0;
  return (
    <div className="ld-digit-header">
      <div className="ld-digit-header__title">{displayName}</div>
      <div className="ld-digit-units">
        {units.map((unit, i) => {
          const first = slot;
          slot = Math.min(DIGIT_SLOT_COUNT, slot + Math.max(1, unit.span));
          return (
            <span
              key={i}
              className={`ld-digit ld-rule-${SLOT_RULES[first]}`}
              style={unit.span > 1 ? { gridColumn: `span ${unit.span}` } : undefined}
              title={unitNames.slice(first, slot).join(' · ')}
            >
              {unit.label}
            </span>
          );
        })}
      </div>
    </div>
  );
}
