import { Download, Share2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { copyLink, downloadText } from "../../lib/share";
import { chartToCsv } from "./chart-format";
import { ChartTable } from "./chart-table";
import { CHART_PERIOD_LABELS, CHART_PERIODS, type ChartPeriod, charts } from "./charts.data";

/** The three periods as tabs (weekly first), with the shown period's CSV download and a share link. */
export function ChartTabs() {
  const [period, setPeriod] = useState<ChartPeriod>("weekly");
  return (
    <Tabs value={period} onValueChange={(value) => setPeriod(value as ChartPeriod)} className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabsList aria-label="Chart period">
          {CHART_PERIODS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {CHART_PERIOD_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={() => downloadText(`waveform-charts-${period}.csv`, chartToCsv(charts[period]))}
          >
            <Download aria-hidden="true" /> Download CSV
          </Button>
          <Button variant="outline" onClick={() => copyLink()}>
            <Share2 aria-hidden="true" /> Share Charts
          </Button>
        </div>
      </div>
      {CHART_PERIODS.map((value) => (
        <TabsContent key={value} value={value}>
          <ChartTable entries={charts[value]} period={value} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
