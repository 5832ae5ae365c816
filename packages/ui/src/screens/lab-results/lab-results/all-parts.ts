// For the stories of the lab-results block (lab-overview.tsx): it draws its parts one frame
// apart (issue 39, lab-parts.ts): the latest values two rows at a time, each trend card's chart,
// then its table, then the files. What waits for a card, a table, every row or for the files
// (the last part, so the whole block) waits for several frames, and on a
// loaded machine frames come slowly (a story of 4 trends and 24 files missed 5 s at load 18
// on 2 cores), so such a wait allows more than testing-library's 1 s.
export const ALL_PARTS = { timeout: 10_000 };
