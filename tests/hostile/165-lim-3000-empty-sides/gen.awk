BEGIN {
  print "battle \"Empty sides\""
  for (i = 1; i <= 3000; i++) printf "side s%d nation=MEX\n", i
  print "turn 1"
}
