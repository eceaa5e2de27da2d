import { CheckOutlined } from '@ant-design/icons';
import { THEME_COLORS } from '@sl/contracts';
import { useSettings } from '../../../shared/stores/settings-store';

/** The eight predefined theme colours (spec §9) as round swatches. */
export function ThemeSwatches() {
  const themeColor = useSettings((s) => s.themeColor);
  const update = useSettings((s) => s.update);
  return (
    <div className="theme-swatches" role="radiogroup">
      {THEME_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          role="radio"
          aria-checked={color === themeColor}
          aria-label={color}
          title={color}
          data-testid="theme-swatch"
          data-color={color}
          className="theme-swatch"
          style={{ background: color }}
          onClick={() => update({ themeColor: color })}
        >
          {color === themeColor && <CheckOutlined />}
        </button>
      ))}
    </div>
  );
}
