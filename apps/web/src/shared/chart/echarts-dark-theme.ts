/** Axis, label and tooltip colours of the dark theme for ECharts; the background stays the card's. */
const TEXT = 'rgba(255, 255, 255, 0.75)';
const AXIS_LINE = '#5a5a5a';
const SPLIT_LINE = '#333333';

const axis = {
  axisLine: { lineStyle: { color: AXIS_LINE } },
  axisTick: { lineStyle: { color: AXIS_LINE } },
  axisLabel: { color: TEXT },
  nameTextStyle: { color: TEXT },
  splitLine: { lineStyle: { color: [SPLIT_LINE] } },
  splitArea: { areaStyle: { color: ['rgba(255, 255, 255, 0.02)', 'rgba(255, 255, 255, 0.05)'] } },
};

export const ECHARTS_DARK_THEME_NAME = 'sl-dark';

export const ECHARTS_DARK_THEME = {
  darkMode: true,
  backgroundColor: 'transparent',
  textStyle: { color: TEXT },
  title: { textStyle: { color: 'rgba(255, 255, 255, 0.85)' }, subtextStyle: { color: TEXT } },
  legend: { textStyle: { color: TEXT }, pageTextStyle: { color: TEXT }, inactiveColor: '#5a5a5a' },
  tooltip: { backgroundColor: '#1f1f1f', borderColor: '#424242', textStyle: { color: 'rgba(255, 255, 255, 0.85)' } },
  categoryAxis: axis,
  valueAxis: axis,
  timeAxis: axis,
  logAxis: axis,
  dataZoom: {
    borderColor: AXIS_LINE,
    textStyle: { color: TEXT },
    fillerColor: 'rgba(64, 150, 255, 0.2)',
    handleStyle: { color: '#8c8c8c', borderColor: AXIS_LINE },
    dataBackground: { lineStyle: { color: AXIS_LINE }, areaStyle: { color: '#333333' } },
  },
  markPoint: { label: { color: TEXT } },
  line: { label: { color: TEXT } },
  bar: { label: { color: TEXT } },
  pie: { label: { color: TEXT }, itemStyle: { borderColor: '#141414' } },
};
