/** Generation of `date` (RFC 3339 §5.6 `full-date`): the date part of the date-times of date-time.ts. */
import { dateTime } from "./date-time.js";
import type { FormatGenerator } from "./format-generator.js";

/** Generation of `date`. */
export const date: FormatGenerator = {
  arbitrary: () => dateTime.arbitrary(0, 0).map((text) => text.slice(0, 10)),
  inside: () => [
    { value: "2024-06-30", label: "a date" },
    { value: "2024-02-29", label: "leap day" },
    { value: "0001-01-01", label: "year 0001" },
    { value: "9999-12-31", label: "latest year (9999)" },
  ],
  outside: () => [
    { value: "2024-13-01", label: "month 13" },
    { value: "2023-02-29", label: "29 February of a common year" },
    { value: "2024-06-30T00:00:00Z", label: "a date-time" },
    { value: "20240630", label: "no hyphens" },
  ],
  leeway: () => [],
};
