/** The public link of a course (its page arrives with the sharing issue); `appUrl` may end with a slash. */
export function courseShareUrl(appUrl: string, courseId: string): string {
  return `${appUrl.replace(/\/+$/, "")}/shareable?id=${encodeURIComponent(courseId)}`;
}
