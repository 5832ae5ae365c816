// For the stories and tests of the lab-results block (lab-overview.tsx): after the latest values
// it draws its parts one frame apart (issue 39), each trend card, then the files. What waits
// for the files (the last part) waits for the whole block; each part waits for a frame, and on
// a loaded machine frames come slowly, so such a wait allows more than testing-library's 1 s.
export const ALL_PARTS = { timeout: 5000 };
