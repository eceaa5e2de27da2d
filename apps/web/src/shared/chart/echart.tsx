import { useEffect, useMemo, useRef } from 'react';
import { init, registerTheme, use, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useSettings } from '../stores/settings-store';
import { usePrefersReducedMotion } from '../theme/reduced-motion';
import { ECHARTS_DARK_THEME, ECHARTS_DARK_THEME_NAME } from './echarts-dark-theme';

use([BarChart, LineChart, PieChart, DataZoomComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
registerTheme(ECHARTS_DARK_THEME_NAME, ECHARTS_DARK_THEME);

/** One ECharts instance bound to a div: options replace the chart, the div's size is followed, the dark theme redraws it dark, reduced motion draws it without animation. */
export function EChart({ option, height = 180, testId }: { option: EChartsCoreOption; height?: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);
  const dark = useSettings((s) => s.colorScheme === 'dark');
  const still = usePrefersReducedMotion();
  const shown = useMemo(() => (still ? { ...option, animation: false } : option), [option, still]);
  const latest = useRef(shown);
  useEffect(() => {
    const el = ref.current!;
    const instance = init(el, dark ? ECHARTS_DARK_THEME_NAME : undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.setOption(latest.current, true);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [dark]);
  useEffect(() => {
    latest.current = shown;
    chart.current?.setOption(shown, true);
  }, [shown]);
  return <div ref={ref} style={{ height, width: '100%' }} data-testid={testId} data-chart-theme={dark ? 'dark' : 'light'} />;
}
