// The sequential test of a tournament in its start form: off by default; on, the bounds D0 and D1
// (SF points per seat-game) and the error rates α and β, each checked as it is typed (a decimal comma
// or point). The parent holds the texts; `sprtRequest` (lib/tournament) turns them into the request.
import { t } from '../lib/i18n';
import { sprtRequest, type SprtTexts } from '../lib/tournament';

export function SprtFields({ value, onChange }: { value: SprtTexts; onChange: (v: SprtTexts) => void }) {
  const field = (key: 'd0' | 'd1' | 'alpha' | 'beta', label: string, title: string) => (
    <label title={title}>
      {label}{' '}
      <input
        class="short"
        inputMode="decimal"
        value={value[key]}
        onInput={(e) => onChange({ ...value, [key]: (e.target as HTMLInputElement).value })}
        data-testid={`sprt-${key}`}
      />
    </label>
  );
  const invalid = value.on && sprtRequest(value) === 'invalid';
  return (
    <fieldset class="sprt-fields" data-testid="sprt-fields">
      <legend>
        <label>
          <input
            type="checkbox"
            checked={value.on}
            onChange={(e) => onChange({ ...value, on: (e.target as HTMLInputElement).checked })}
            data-testid="sprt-on"
          />{' '}
          {t('sprt.stopEarly')}
        </label>
      </legend>
      {value.on && (
        <>
          <p class="muted small">{t('sprt.intro')}</p>
          <div class="form-row">
            {field('d0', 'D0', t('sprt.d0Title'))}
            {field('d1', 'D1', t('sprt.d1Title'))}
            {field('alpha', 'α', t('sprt.alphaTitle'))}
            {field('beta', 'β', t('sprt.betaTitle'))}
          </div>
          {invalid && (
            <p class="warn-text small" data-testid="sprt-invalid">
              {t('sprt.invalid')}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
