import type { ComparisonContent } from './comparison-types';

export const GENERAL_COMPARISON: ComparisonContent = {
  heading: 'How Keel compares',
  intro: [
    'Most leadership teams run their operating rhythm on spreadsheets and slide decks, or on a dedicated business-operating-system tool. Both can work. This page sets out, as plainly as we can, how Keel approaches the same jobs and where it differs.',
    'Keel is young. Creating an account and setting up your organization work today; the other areas on this page are being built now, and each row says which is which.',
  ],
  rows: [
    {
      topic: 'Vocabulary',
      keel: 'Uses the terms of the methodology you follow, from five built-in presets or your own wording, and keeps your data when you switch.',
      spreadsheets: 'Whatever each author types. Nothing keeps the terms consistent across files.',
      otherTools: 'Often built around one methodology, with its terms fixed throughout the product.',
      status: 'in-progress',
    },
    {
      topic: 'Where the work lives',
      keel: 'Priorities, scorecard, issues, to-dos, meetings and the business plan are linked records in one workspace.',
      spreadsheets: 'Separate files and decks linked by hand. Copies drift apart between meetings.',
      otherTools: 'Usually one workspace as well; how tightly the areas link together varies.',
      status: 'in-progress',
    },
    {
      topic: 'Meetings',
      keel: 'The agenda runs on live data, with presence, synchronized navigation, ratings and a summary e-mail afterwards.',
      spreadsheets: 'One person shares a screen and someone updates the files afterwards.',
      otherTools: 'Many offer a guided meeting agenda; real-time collaboration differs from tool to tool.',
      status: 'in-progress',
    },
    {
      topic: 'Your data',
      keel: 'A REST API, webhooks and a full export are planned from the start; documents stay in your own cloud drive.',
      spreadsheets: 'You hold the files outright and can take them anywhere.',
      otherTools: 'Export and integration options vary; check them before you commit your history.',
      status: 'in-progress',
    },
    {
      topic: 'Getting started',
      keel: 'Create an account and set up your organization, with a 30-day free trial and no credit card.',
      spreadsheets: 'Nothing to buy if you already have office software, but every template is built by hand.',
      otherTools: 'Typically a trial or demo first, then per-user or tiered pricing.',
      status: 'available',
    },
    {
      topic: 'Consultants and coaches',
      keel: 'Consultant accounts can switch into each client organization and work in that client’s own terms.',
      spreadsheets: 'A set of files per client, shared one by one.',
      otherTools: 'Support for working across several client organizations varies.',
      status: 'in-progress',
    },
  ],
  whenElse: {
    heading: 'When another option may suit you better',
    paragraphs: [
      'If your team is small and your weekly rhythm already works in spreadsheets, they are flexible and probably already paid for. Keel becomes worth a look when keeping files in sync starts to eat into meeting time.',
      'If you need every area working in production today, an established tool is the safer choice for now. We would rather tell you that than have you find out after signing up.',
    ],
  },
};
