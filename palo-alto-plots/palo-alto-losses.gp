# Written by umpire: edit it and draw it again with `gnuplot ./palo-alto-losses.gp`.
set terminal svg size 760,420 dynamic font 'Helvetica,12' background rgb 'white'
set termoption noenhanced
set output 'palo-alto-losses.svg'
set encoding utf8
set grid ytics lc rgb '#dddddd'
set key outside right top
set xlabel 'turn'
set ylabel 'stands'
set title 'Stands lost per turn'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set yrange [0:*]
$data << EOD
"turn" "US" "MEX"
"1" 0 0
"2" 0 400
"3" 0 100
"4" 0 100
"5" 200 400
"6" 0 100
"7" 0 300
"8" 0 100
EOD
set yrange [0:441]
set ytics 50
plot $data using 2:xtic(1) title columnheader(2), $data using 3:xtic(1) title columnheader(3)
