/**
 * One paragraph per script the PDF export must print right (issue 12): each long enough to wrap
 * on A4, each with a short marker phrase that is searched for in the PDF's text.
 */
export const SCRIPT_SAMPLES = [
  {
    lang: "Arabic",
    marker: "التمثيل الضوئي",
    text: "التمثيل الضوئي هو العملية التي تستخدم بها النباتات ضوء الشمس والماء وثاني أكسيد الكربون لصنع الغذاء. ",
  },
  {
    lang: "Hebrew",
    marker: "פוטוסינתזה",
    text: "פוטוסינתזה היא התהליך שבו צמחים משתמשים באור השמש, במים ובפחמן דו-חמצני כדי לייצר מזון. ",
  },
  {
    lang: "Hindi",
    marker: "भोजन बनाते",
    text: "प्रकाश संश्लेषण वह प्रक्रिया है जिससे पौधे सूर्य के प्रकाश, पानी और कार्बन डाइऑक्साइड से भोजन बनाते हैं। ",
  },
  {
    lang: "Bengali",
    marker: "সালোকসংশ্লেষণ",
    text: "সালোকসংশ্লেষণ হলো সেই প্রক্রিয়া যার মাধ্যমে উদ্ভিদ সূর্যের আলো, পানি এবং কার্বন ডাই অক্সাইড থেকে খাদ্য তৈরি করে। ",
  },
  {
    lang: "Thai",
    marker: "การสังเคราะห์แสง",
    text: "การสังเคราะห์แสงเป็นกระบวนการที่พืชใช้แสงอาทิตย์ น้ำ และคาร์บอนไดออกไซด์เพื่อสร้างอาหาร ",
  },
  { lang: "Chinese", marker: "光合作用", text: "光合作用是植物利用阳光、水和二氧化碳制造食物的过程。" },
  {
    lang: "Japanese",
    marker: "光合成",
    text: "光合成とは、植物が太陽の光と水と二酸化炭素を使って栄養を作り出す仕組みです。",
  },
  {
    lang: "Korean",
    marker: "광합성",
    text: "광합성은 식물이 햇빛과 물과 이산화탄소를 이용하여 양분을 만드는 과정입니다. ",
  },
  {
    lang: "Russian",
    marker: "Фотосинтез",
    text: "Фотосинтез — это процесс, при котором растения используют солнечный свет, воду и углекислый газ для создания пищи. ",
  },
  {
    lang: "Portuguese",
    marker: "Fotossíntese",
    text: "Fotossíntese é o processo pelo qual as plantas usam a luz do sol, a água e o gás carbônico para produzir alimento. ",
  },
] as const;

/**
 * The text as the PDF's text layer gives it back, comparable with the source: compatibility forms
 * folded (Arabic presentation forms), no bidi controls (pdftotext wraps RTL runs in them), no
 * white space (lines wrap anywhere in CJK and Thai). The Hindi marker has no conjunct with र:
 * Chromium's text layer drops the र of such ligatures (प्रकाश reads back as प् काश) though the
 * glyphs print right.
 */
export function comparable(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, "");
}
