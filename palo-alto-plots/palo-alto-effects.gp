# Written by umpire: edit it and draw it again with `gnuplot ./palo-alto-effects.gp`.
set terminal svg size 760,420 dynamic font 'Helvetica,12' background rgb 'white'
set termoption noenhanced
set output 'palo-alto-effects.svg'
set encoding utf8
set grid ytics lc rgb '#dddddd'
set key outside right top
set xlabel 'effect'
set ylabel 'checks'
set title 'Maneuver results by side'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set yrange [0:*]
set xtics rotate by -30
$data << EOD
"effect" "US" "MEX"
"double-quick" 2700 0
"well-handled" 800 1300
"tardy" 0 500
"fall-back" 0 0
"rally-with-elan" 0 0
"rally" 300 1000
"shaken" 0 200
"wavering" 0 100
"panic" 0 0
EOD
set yrange [0:2971]
set ytics 280
plot $data using 2:xtic(1) title columnheader(2), $data using 3:xtic(1) title columnheader(3)
