// The club's join page: one field, the table's code; the club answers with the URL of the
// next seat nobody has opened, and the phone goes there (where it names its player, at a
// table whose players name themselves). Text reaches the page only through textContent.
"use strict";

(function () {
  const form = document.getElementById("join-form");
  const input = document.getElementById("code");
  const said = document.getElementById("said");
  const button = form.querySelector("button");

  input.addEventListener("input", () => {
    input.value = input.value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 4);
  });

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const code = input.value.trim();
    if (!code) return;
    button.disabled = true;
    said.className = "";
    said.textContent = "Looking for table " + code + "…";
    try {
      const r = await fetch("/join", { method: "POST", body: code, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      const answer = await r.json();
      if (answer.ok && typeof answer.seat === "string") {
        said.textContent = "Your seat is ready.";
        location.assign(answer.seat);
        return;
      }
      said.className = "refused";
      said.textContent = (answer.messages || ["That code opens no seat."]).join(" ");
    } catch (err) {
      said.className = "refused";
      said.textContent = "The club cannot be reached; try again.";
    }
    button.disabled = false;
    input.focus();
    input.select();
  });
  input.focus();
})();
