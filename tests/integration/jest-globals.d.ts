// TypeScript 6 no longer loads every @types package by default; the Jest globals (describe, it,
// expect, beforeAll...) used by the unit and integration tests come from here.
/// <reference types="jest" />
