-- Labels in scripts whose clusters are wider than their first character
-- (spacing vowel signs, conjuncts), and one Unicode splits from its letter.
return {
  name = "scripts", api = 1,
  data = {
    { name = "Names", rows = {
      { name = "Blue in many scripts", items = {
        { name = "မြန်မာ", color = "#1E3A8A" },
        { name = "हिन्दी", color = "#2563EB" },
        { name = "สีน้ำเงิน", color = "#3B82F6" },
        { name = "தமிழ்", color = "#60A5FA" },
        { name = "Blue", color = "#93C5FD" },
      } },
    } },
  },
}
