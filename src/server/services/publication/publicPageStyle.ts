/**
 * The public pages' style sheet, sent inside each page (a few kilobytes: no request to wait for). Phone first,
 * wider from 48rem; printed without navigation, filters or pager, tables whole.
 */
export const PUBLIC_PAGE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans","Liberation Sans",Arial,sans-serif;color:#1d2125;background:#f6f7f9}
a{color:#0a58ca}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #084298;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:1}
.skip:focus{left:.5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.top{background:#0b3d91;color:#fff}
.top nav{max-width:72rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center}
.top a{color:#fff}
.brand{font-weight:700;font-size:1.125rem;text-decoration:none}
.languages{display:flex;gap:.75rem;list-style:none;margin:0;padding:0;flex-wrap:wrap}
.languages span{font-weight:700;text-decoration:underline}
.signin{margin-left:auto}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
.lead{font-size:1.125rem}
.muted{color:#495057;font-size:.875rem}
.empty{padding:1rem;background:#fff;border:1px dashed #adb5bd;border-radius:.5rem}
.cards{list-style:none;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
.card{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1rem}
.card h2{margin:0 0 .5rem}
.figures{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));margin:1rem 0}
.figure{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:.75rem 1rem}
.figure dt{font-size:.875rem;color:#495057}
.figure dd{margin:0;font-size:1.5rem;font-weight:700}
.maps{display:grid;gap:1rem}
.map{margin:0;background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:.75rem}
.map figcaption{font-weight:600;margin-bottom:.5rem}
.map svg{width:100%;height:auto;display:block}
.map path{stroke:#fff;stroke-width:.6}
.map path.frame{fill:none;stroke:#868e96;stroke-width:1}
.map path:hover{stroke:#1d2125;stroke-width:1.5}
.m-0{fill:#deebf7}.m-1{fill:#9ecae1}.m-2{fill:#6baed6}.m-3{fill:#3182bd}.m-4{fill:#08519c}.m-none{fill:#ced4da}
.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-size:.875rem}
.swatch{display:inline-block;width:1rem;height:1rem;margin-right:.35rem;vertical-align:-.15rem;border:1px solid #868e96}
.swatch.m-0{background:#deebf7}.swatch.m-1{background:#9ecae1}.swatch.m-2{background:#6baed6}.swatch.m-3{background:#3182bd}.swatch.m-4{background:#08519c}.swatch.m-none{background:#ced4da}
.scroll{overflow-x:auto;background:#fff;border:1px solid #dee2e6;border-radius:.5rem}
table{border-collapse:collapse;width:100%}
th,td{padding:.5rem .75rem;text-align:left;border-bottom:1px solid #e9ecef;vertical-align:top}
thead th{font-size:.875rem;color:#495057;background:#f1f3f5}
tbody th{font-weight:500}
.num{text-align:right;white-space:nowrap}
.strong{font-weight:700}
.total th,.total td{font-weight:700}
.wide{display:none}
.filters{display:grid;gap:.75rem;background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1rem}
.field{display:grid;gap:.25rem}
.field label{font-size:.875rem;font-weight:600}
.filters input,.filters select{font:inherit;padding:.5rem;border:1px solid #868e96;border-radius:.375rem;background:#fff;min-height:2.75rem;width:100%}
.actions{display:flex;gap:1rem;align-items:center}
button{font:inherit;font-weight:600;color:#fff;background:#0b5ed7;border:0;border-radius:.375rem;padding:.6rem 1.25rem;min-height:2.75rem;cursor:pointer}
.count{font-weight:600}
.pager{display:flex;gap:1rem;align-items:center;justify-content:center;margin:1rem 0}
.downloads{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;padding:0;list-style:none}
.provinces{margin:1rem 0}
.provinces summary{cursor:pointer;font-weight:600;padding:.5rem 0}
.seal{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1rem;margin:1rem 0}
.seal h2{margin-top:0}
.seal img{max-width:100%;height:auto}
.bar-cell{width:50%}
.bar{display:block;height:.75rem;background:#3182bd;border-radius:.25rem}
.back{margin:.5rem 0 0}
.bottom{max-width:72rem;margin:2rem auto 0;padding:1rem;color:#495057;font-size:.875rem}
body.embedded{background:#fff}
body.embedded main{padding:.5rem}
body.embedded h1{font-size:1.25rem}
@media (min-width:48rem){
.maps{grid-template-columns:1fr 1fr}
.wide{display:table-cell}
.filters{grid-template-columns:2fr 1.5fr 1.5fr 1.5fr auto;align-items:end}
h1{font-size:2rem}
}
@media print{
.top,.skip,.filters,.pager,.downloads,.bottom{display:none}
body{background:#fff}
.scroll,.map,.figure,.card,.seal{border-color:#adb5bd;overflow:visible}
.wide{display:table-cell}
a{color:inherit;text-decoration:none}
tr,figure{break-inside:avoid}
.provinces:not([open]){display:none}
}
`;
