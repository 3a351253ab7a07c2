import { useNavigate, useSearch } from '@tanstack/react-router';
import { useId } from 'react';
import { errorText } from '../api';
import { type Column, DataTable } from '../lists/DataTable';
import { Problem } from '../lists/Problem';
import { type AssistantReport, dateTime, useReport, useUsage } from './kb-api';
import { REPORT_PERIODS } from './kb-search';
import { KbNav } from './KbNav';

// What the help center's assistant did over the last 7, 30 or 90 days: the conversations it settled
// without a person (the deflection rate), hand-offs and abandoned conversations, its answers by mode
// with the feedback on them, the questions it could not answer (the articles still to write), and
// the AI credits of the month from the usage report.

type Unanswered = AssistantReport['unanswered'][number];
type RecentAnswer = AssistantReport['recent_answers'][number];
type Mode = RecentAnswer['mode'];
const MODE_LABELS: Record<Mode, string> = {
  generated: 'Written by AI',
  extractive: 'Quoted from articles',
  none: 'No answer',
};

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);
const feedbackText = (helpful: boolean | null) => (helpful === null ? '—' : helpful ? 'Helpful' : 'Not helpful');

const UNANSWERED_COLUMNS: Column<Unanswered>[] = [
  { header: 'Question', cell: (q) => q.question },
  { header: 'Asked', cell: (q) => dateTime(q.asked_at) },
];

const ANSWER_COLUMNS: Column<RecentAnswer>[] = [
  { header: 'Question', cell: (a) => a.question },
  { header: 'Answer', cell: (a) => MODE_LABELS[a.mode] },
  { header: 'Feedback', cell: (a) => feedbackText(a.helpful) },
  { header: 'When', cell: (a) => dateTime(a.created_at) },
];

function Stats({ title, items }: { title: string; items: [string, string | number][] }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="kb-stats">
        {items.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Credits() {
  const usage = useUsage();
  if (usage.isPending) return <p className="muted">Loading AI credits…</p>;
  if (usage.isError) return <p className="hint">AI credits: {errorText(usage.error)}</p>;
  const credits = usage.data.ai_credits;
  const month = `${new Date(usage.data.period_start).toLocaleDateString()} – ${new Date(usage.data.period_end).toLocaleDateString()}`;
  return (
    <Stats
      title="AI credits this month"
      items={[
        ['Used', credits.used],
        ['Remaining', credits.remaining],
        ['Beyond the plan (overage)', credits.overage_this_period],
        ['Period', month],
      ]}
    />
  );
}

export default function ReportPage() {
  const search = useSearch({ from: '/signed-in/kb/report' });
  const navigate = useNavigate({ from: '/kb/report' });
  const days = search.days ?? 30;
  const report = useReport(days);
  const data = report.data;
  return (
    <div className="kb">
      <KbNav current="report" />
      <div className="kb-head">
        <h1>Assistant report</h1>
        <label className="inline">
          Period
          <select
            value={days}
            onChange={(e) =>
              void navigate({ search: Number(e.target.value) === 30 ? {} : { days: Number(e.target.value) } })
            }
          >
            {REPORT_PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <Problem error={report.error} />
      {report.isPending && <p className="muted">Loading…</p>}
      {data && (
        <>
          <p className="hint">
            Conversations started from {dateTime(data.from)} to {dateTime(data.to)}. Answered: no hand-off, and at least
            one answer came from the articles. Abandoned: no hand-off and nothing found.
          </p>
          <div className="columns">
            <Stats
              title="Outcomes"
              items={[
                ['Conversations', data.conversations.total],
                ['Deflection rate', percent(data.conversations.deflection_rate)],
                ['Answered without a person', data.conversations.answered],
                ['Handed off to a person', data.conversations.handed_off],
                ['Abandoned', data.conversations.abandoned],
              ]}
            />
            <Stats
              title="Answers"
              items={[
                ['All answers', data.answers.total],
                [MODE_LABELS.generated, data.answers.generated],
                [MODE_LABELS.extractive, data.answers.extractive],
                [MODE_LABELS.none, data.answers.none],
                ['Marked helpful', data.feedback.helpful],
                ['Marked not helpful', data.feedback.not_helpful],
              ]}
            />
            <Credits />
          </div>
          <section aria-labelledby="kb-unanswered">
            <h2 id="kb-unanswered">Questions without an answer</h2>
            {data.unanswered.length === 0 ? (
              <p className="hint">None in this period.</p>
            ) : (
              <DataTable
                className="kb-table"
                rows={data.unanswered}
                rowKey={(q) => q.answer_id}
                columns={UNANSWERED_COLUMNS}
              />
            )}
          </section>
          <section aria-labelledby="kb-recent">
            <h2 id="kb-recent">Latest answers</h2>
            {data.recent_answers.length === 0 ? (
              <p className="hint">No answers in this period.</p>
            ) : (
              <DataTable
                className="kb-table"
                rows={data.recent_answers}
                rowKey={(a) => a.id}
                columns={ANSWER_COLUMNS}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
