import type { ComparisonContent } from './comparison-types';

export const DASHBOARD_COMPARISON: ComparisonContent = {
  heading: 'A personal dashboard instead of a status spreadsheet',
  intro: [
    'The first screen each person sees should answer one question: what do I own, and is it on track? This page compares how Keel’s dashboard answers it with the usual alternatives.',
    'The dashboard is being built now, so there are no screenshots here. We will show it when it is real.',
  ],
  rows: [
    {
      topic: 'What you see first',
      keel: 'Your own priorities, to-dos, issues and metrics across the teams and departments you belong to.',
      spreadsheets: 'A shared status sheet where you filter for your own rows, if the sheet has an owner column.',
      otherTools: 'Most offer a home screen; how personal it is varies.',
      status: 'in-progress',
    },
    {
      topic: 'Keeping it current',
      keel: 'Built from the same records the team updates in meetings, so there is nothing to copy across.',
      spreadsheets: 'Someone copies updates in by hand, usually just before the meeting.',
      otherTools: 'Usually generated from the tool’s own records.',
      status: 'in-progress',
    },
    {
      topic: 'Teams and departments',
      keel: 'A department selector switches the view between the leadership team and each department you belong to.',
      spreadsheets: 'One tab or file per team, each maintained separately.',
      otherTools: 'Department and team views differ in depth from tool to tool.',
      status: 'in-progress',
    },
    {
      topic: 'Labels',
      keel: 'Every heading follows your organization’s terminology, so the dashboard reads in your team’s words.',
      spreadsheets: 'Whatever the template author chose.',
      otherTools: 'Often fixed to the terms of one methodology.',
      status: 'in-progress',
    },
  ],
  statusNames: [
    'Sign-up with e-mail and password',
    'Organization setup',
    'Personal dashboard',
    'Departments, billing and user administration',
  ],
  whenElse: {
    heading: 'When a spreadsheet is enough',
    paragraphs: [
      'A single shared sheet works well for a small team that meets every week and updates it together. A dashboard earns its place once several teams or departments need to see their own slice of the same work.',
    ],
  },
};
